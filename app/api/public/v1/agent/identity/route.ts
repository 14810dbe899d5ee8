import { issueCredential } from '@/lib/agent/credential';
import { readIdentityRequest } from '@/lib/agent/identity-request';
import { apiRoute } from '@/lib/http/api-route';

// POST /api/public/v1/agent/identity (issueAnonymousAgentCredential): a signed anonymous credential.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: async ({ brand, request }) => {
    await readIdentityRequest(request);
    return { status: 201, body: issueCredential(brand), cache: 'none' };
  },
});
