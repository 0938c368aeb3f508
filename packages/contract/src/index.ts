export * from './admin';
export * from './article-payload';
export * from './common';
export * from './content';
export * from './openapi';
export * from './operations';
export * from './project';
export * from './public-article';
export { contractRegistry, named, openEnum } from './registry';
