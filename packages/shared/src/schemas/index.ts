// zod schemas shared by the API (validation and serialisation) and the tests. The web imports only their
// types through the package index, so zod never reaches the browser bundle.
export * from './auth';
export * from './common';
export * from './content';
export * from './packages';
export * from './session';
export * from './stats';
export * from './users';
