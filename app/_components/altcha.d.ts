import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': { challenge: string; name: string; language?: string; hidelogo?: string };
    }
  }
}
