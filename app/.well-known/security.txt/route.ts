import { docRoute, text } from '@/lib/discovery/doc-route';
import { securityTxt } from '@/lib/discovery/security-txt';

// GET|HEAD /.well-known/security.txt (RFC 9116): how to report a vulnerability.
export const { GET, HEAD } = docRoute((brand) => text(securityTxt(brand), 'text/plain; charset=utf-8'));
