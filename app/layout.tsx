import RootLayout, { generateMetadata } from '@/lib/pages/frame';
import './globals.css';

// The page frame (lib/pages/frame.tsx) for the pages the framework renders, with the site's stylesheet.
export { generateMetadata };
export default RootLayout;
