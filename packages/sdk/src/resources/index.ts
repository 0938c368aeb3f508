export * from './activity';
export * from './content';
export * from './projects';
export * from './webhooks';
