import type { OperationHandler } from './api-types';

/** Handlers of the main API (`/v1`), by contract operation id. */
export const mainApiHandlers: Record<string, OperationHandler> = {
  'projects.list': ({ engine, account, query }) => engine.projects.list(account, query),
  'projects.create': ({ engine, account, body, recordAnswer }) =>
    engine.projects.create(account, body, recordAnswer),
  'projects.retrieve': ({ engine, account, params }) =>
    engine.projects.retrieve(account, param(params, 'projectId')),
  'projects.update': ({ engine, account, params, body }) =>
    engine.projects.update(account, param(params, 'projectId'), body),
  'projects.delete': ({ engine, account, params }) =>
    engine.projects.delete(account, param(params, 'projectId')),
  'projects.rotatePublicApiKey': ({ engine, account, params, recordAnswer }) =>
    engine.projects.rotatePublicApiKey(account, param(params, 'projectId'), recordAnswer),
  'projects.webhook.test': ({ engine, account, params, recordAnswer }) =>
    engine.webhooks.sendTest(account, param(params, 'projectId'), recordAnswer),
  'projects.webhook.rotateSigningSecret': ({ engine, account, params, recordAnswer }) =>
    engine.projects.rotateSigningSecret(account, param(params, 'projectId'), recordAnswer),
  'deliveries.list': ({ engine, account, params, query }) =>
    engine.webhooks.list(account, param(params, 'projectId'), query),
  'deliveries.retrieve': ({ engine, account, params }) =>
    engine.webhooks.retrieve(account, param(params, 'projectId'), param(params, 'deliveryId')),
  'deliveries.redeliver': ({ engine, account, params, recordAnswer }) =>
    engine.webhooks.redeliver(account, param(params, 'projectId'), param(params, 'deliveryId'), recordAnswer),
  'activity.list': ({ engine, account, params, query }) =>
    engine.activity.list(account, param(params, 'projectId'), query),
  'content.list': ({ engine, account, params, query }) =>
    engine.content.list(account, param(params, 'projectId'), query),
  'content.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.content.create(account, param(params, 'projectId'), body, recordAnswer),
  'content.retrieve': ({ engine, account, params }) =>
    engine.content.retrieve(account, param(params, 'projectId'), param(params, 'contentId')),
  'content.update': ({ engine, account, params, body }) =>
    engine.content.update(account, param(params, 'projectId'), param(params, 'contentId'), body),
  'content.delete': ({ engine, account, params }) =>
    engine.content.delete(account, param(params, 'projectId'), param(params, 'contentId')),
  'content.publish': ({ engine, account, params, recordAnswer }) =>
    engine.content.publish(account, param(params, 'projectId'), param(params, 'contentId'), recordAnswer),
  'content.unpublish': ({ engine, account, params, recordAnswer }) =>
    engine.content.unpublish(account, param(params, 'projectId'), param(params, 'contentId'), recordAnswer),
  'keywords.list': ({ engine, account, params, query }) =>
    engine.keywords.list(account, param(params, 'projectId'), query),
  'keywords.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.keywords.create(account, param(params, 'projectId'), body, recordAnswer),
  'keywords.opportunities': ({ engine, account, params, query }) =>
    engine.keywords.opportunities(account, param(params, 'projectId'), query),
  'keywords.performance': ({ engine, account, params, query }) =>
    engine.keywords.performance(account, param(params, 'projectId'), param(params, 'keywordId'), query),
  'aiVisibility.retrieve': ({ engine, account, params, query }) =>
    engine.aiVisibility.retrieveScore(account, param(params, 'projectId'), query),
  'aiVisibility.topics.list': ({ engine, account, params, query }) =>
    engine.aiVisibility.listTopics(account, param(params, 'projectId'), query),
  'aiVisibility.topics.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.aiVisibility.createTopic(account, param(params, 'projectId'), body, recordAnswer),
  'aiVisibility.prompts.list': ({ engine, account, params, query }) =>
    engine.aiVisibility.listPrompts(account, param(params, 'projectId'), query),
  'aiVisibility.prompts.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.aiVisibility.createPrompt(account, param(params, 'projectId'), body, recordAnswer),
  'aiVisibility.responses.list': ({ engine, account, params, query }) =>
    engine.aiVisibility.listResponses(account, param(params, 'projectId'), query),
};

function param(params: Record<string, string>, name: string): string {
  return params[name] ?? '';
}
