// What both sides use at run time carries no zod: constants, Arabic texts, routes and account rules.
// Schema types come along as types only (erased from bundles); the schemas themselves are in ./schemas.
export * from './constants';
export * from './format';
export * from './messages/ar';
export * from './package-card';
export * from './routes';
export * from './rules/auth';
export * from './rules/delivery-failure';
export * from './rules/mail-address';
export * from './rules/message-html';
export * from './rules/placeholders';
export * from './rules/sending-settings';
export * from './rules/targeting';
export * from './rules/text';
export type * from './schemas/index';
