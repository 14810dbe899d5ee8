// A one-line progress bar on stderr for the catalog tools: redrawn in place on a
// terminal, printed every tenth otherwise so that logs stay short, each with the time
// that tenth took (a large import should take about the same for each).
export function progressBar(label: string, total: number) {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  let tenthStarted = performance.now();
  return {
    update(done: number, extra = '') {
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      if (tty) {
        const width = 30;
        const filled = Math.round(ratio * width);
        process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${extra}   `);
      } else {
        const tenth = Math.floor(ratio * 10);
        if (tenth > lastTenth) {
          const now = performance.now();
          const took = lastTenth < 0 ? '' : ` (${((now - tenthStarted) / 1000).toFixed(1)} s)`;
          lastTenth = tenth;
          tenthStarted = now;
          process.stderr.write(`${label} ${tenth * 10}% ${extra}${took}\n`);
        }
      }
    },
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}
