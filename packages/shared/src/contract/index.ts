// The API as both sides know it (docs/architecture.md, "The API contract"): one entry per route. No zod at run
// time: the web and the static pages import this.
import { sending } from './sending';

export type { AnswerOf, BodyOf, CallInput, Endpoint, EndpointKind, Method, ParamsOf, QueryOf, SchemaName } from './endpoint';

export const contract = { sending } as const;
