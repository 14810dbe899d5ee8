/** The version of the public API, stated by the health answer, the OpenAPI document, the agent cards and the traces. */
export const API_VERSION = '1.0.0';
