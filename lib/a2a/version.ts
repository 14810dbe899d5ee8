import { A2A_VERSION_HEADER } from '@a2a-js/sdk';
import { toJsonRpcError, VersionNotSupportedError } from '@a2a-js/sdk/errors';

/** The A2A versions this agent speaks (Major.Minor), as its agent card declares them. */
export const SUPPORTED_VERSIONS = ['1.0'] as const;

/** A2A 1.0 §3.6.2: an absent or empty A2A-Version means 0.3. */
const ABSENT_VERSION = '0.3';

/**
 * JSON-RPC method names of A2A 0.3, with their 1.0 names. A client that sends one speaks
 * 0.3 whatever its header says, so it gets the version error, not "method not found".
 */
export const LEGACY_METHODS: Readonly<Record<string, string>> = {
  'message/send': 'SendMessage',
  'message/stream': 'SendStreamingMessage',
  'tasks/get': 'GetTask',
  'tasks/list': 'ListTasks',
  'tasks/cancel': 'CancelTask',
  'tasks/resubscribe': 'SubscribeToTask',
  'tasks/pushNotificationConfig/set': 'CreateTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/get': 'GetTaskPushNotificationConfig',
  'tasks/pushNotificationConfig/list': 'ListTaskPushNotificationConfigs',
  'tasks/pushNotificationConfig/delete': 'DeleteTaskPushNotificationConfig',
  'agent/getAuthenticatedExtendedCard': 'GetExtendedAgentCard',
};

/**
 * The version a request asks for: the A2A-Version header, else the request parameter of
 * the same name (§3.6.1), else 0.3. A patch number is not part of the negotiation (§3.6).
 */
export function requestedVersion(request: Request): string {
  const raw = (request.headers.get(A2A_VERSION_HEADER) ?? new URL(request.url).searchParams.get(A2A_VERSION_HEADER) ?? '').trim();
  if (raw === '') return ABSENT_VERSION;
  const majorMinor = /^(\d+\.\d+)(?:\.\d+)?$/.exec(raw);
  return majorMinor ? majorMinor[1]! : raw;
}

export type VersionError = ReturnType<typeof toJsonRpcError>;

/**
 * The JSON-RPC error of A2A 1.0 for a version this agent does not speak (§5.4: -32009,
 * VersionNotSupportedError; §9.5: details as google.rpc.ErrorInfo with reason
 * VERSION_NOT_SUPPORTED), or null when the request may go on.
 */
export function versionError(version: string, method: unknown): VersionError | null {
  const supported = SUPPORTED_VERSIONS.join(', ');
  const legacy = typeof method === 'string' && Object.hasOwn(LEGACY_METHODS, method) ? LEGACY_METHODS[method]! : null;
  if (!(SUPPORTED_VERSIONS as readonly string[]).includes(version)) {
    const shown = version.length > 20 ? `${version.slice(0, 20)}…` : version;
    return toJsonRpcError(
      new VersionNotSupportedError({
        message: `A2A version ${JSON.stringify(shown)} is not supported; this agent speaks A2A ${supported}. Send the header A2A-Version: ${SUPPORTED_VERSIONS[0]} with 1.0 method names (SendMessage).`,
        metadata: { requestedVersion: shown, supportedVersions: supported },
      }),
    );
  }
  if (legacy) {
    return toJsonRpcError(
      new VersionNotSupportedError({
        message: `${method as string} is a method of A2A 0.3; this agent speaks A2A ${supported}, where it is ${legacy}.`,
        metadata: { requestedVersion: ABSENT_VERSION, supportedVersions: supported, method: method as string, replacement: legacy },
      }),
    );
  }
  return null;
}
