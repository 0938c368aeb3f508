export * from './activity';
export * from './ai-visibility';
export * from './content';
export * from './deliveries';
export * from './exports';
export * from './keywords';
export * from './projects';
export * from './webhooks';
