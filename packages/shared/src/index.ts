export * from './constants';
export * from './messages/ar';
export * from './routes';
export * from './schemas/auth';
export * from './schemas/common';
export * from './schemas/content';
export * from './schemas/session';
