import type { ZodOpenApiComponentsObject, ZodOpenApiOperationObject } from "zod-openapi";

type Requirements = NonNullable<ZodOpenApiOperationObject["security"]>;

/**
 * How callers prove who they are, as the OpenAPI document's security
 * schemes: the portal's session cookie (better-auth), and API keys sent as
 * `Authorization: Bearer hfk_…` (ingestion; a customer's reads).
 */
export const SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description:
      "The portal's session, set when a member signs in (named __Secure-better-auth.session_token over https). What the member may do is their role's permissions in their business account; a call from another site that changes something is refused.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "hfk_…",
    description:
      "An API key sent as `Authorization: Bearer hfk_…`. Platform keys report the records of every AI employee; customer keys belong to one business: they report its AI employees' records and read its calls (for example the transcript a webhook leaves out). Keys are made by our team; a key is shown once, and only its hash is stored.",
  },
} satisfies ZodOpenApiComponentsObject["securitySchemes"];

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;

/** Security requirements: any one of the listed schemes is enough. */
export const SESSION_ONLY: Requirements = [{ session: [] }];
export const API_KEY_ONLY: Requirements = [{ apiKey: [] }];
/** The call log's reads: a signed-in member, or the business's customer key. */
export const SESSION_OR_API_KEY: Requirements = [{ session: [] }, { apiKey: [] }];

/** Each scheme in a few words, for the pages. */
export const SCHEME_LABELS: Record<SecuritySchemeName, string> = {
  session: "Signed-in session (cookie)",
  apiKey: "API key (Authorization: Bearer)",
};
