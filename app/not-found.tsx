import NotFound from '@/lib/pages/not-found';

// Any page that does not exist, in the brand's own frame (lib/pages/not-found.tsx).
export default NotFound;
