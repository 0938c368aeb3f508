import type { OperationHandler } from './api-types';

/** Handlers of the main API (`/v1`), by contract operation id. */
export const mainApiHandlers: Record<string, OperationHandler> = {
  'projects.list': ({ engine, account, request }) => engine.projects.list(account, request.query),
  'projects.create': ({ engine, account, body, recordAnswer }) =>
    engine.projects.create(account, body, recordAnswer),
  'projects.retrieve': ({ engine, account, params }) =>
    engine.projects.retrieve(account, param(params, 'id')),
  'projects.update': ({ engine, account, params, body }) =>
    engine.projects.update(account, param(params, 'id'), body),
  'projects.delete': ({ engine, account, params }) => engine.projects.delete(account, param(params, 'id')),
  'projects.rotatePublicApiKey': ({ engine, account, params, recordAnswer }) =>
    engine.projects.rotatePublicApiKey(account, param(params, 'id'), recordAnswer),
  'projects.webhook.test': ({ engine, account, params, recordAnswer }) =>
    engine.webhooks.sendTest(account, param(params, 'id'), recordAnswer),
  'projects.webhook.rotateSigningSecret': ({ engine, account, params, recordAnswer }) =>
    engine.projects.rotateSigningSecret(account, param(params, 'id'), recordAnswer),
  'deliveries.list': ({ engine, account, params, request }) =>
    engine.webhooks.list(account, param(params, 'id'), request.query),
  'deliveries.redeliver': ({ engine, account, params, recordAnswer }) =>
    engine.webhooks.redeliver(account, param(params, 'id'), param(params, 'deliveryId'), recordAnswer),
  'activity.list': ({ engine, account, params, request }) =>
    engine.activity.list(account, param(params, 'id'), request.query),
  'content.list': ({ engine, account, params, request }) =>
    engine.content.list(account, param(params, 'id'), request.query),
  'content.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.content.create(account, param(params, 'id'), body, recordAnswer),
  'content.retrieve': ({ engine, account, params }) =>
    engine.content.retrieve(account, param(params, 'id'), param(params, 'contentId')),
  'content.update': ({ engine, account, params, body }) =>
    engine.content.update(account, param(params, 'id'), param(params, 'contentId'), body),
  'content.delete': ({ engine, account, params }) =>
    engine.content.delete(account, param(params, 'id'), param(params, 'contentId')),
  'content.publish': ({ engine, account, params, recordAnswer }) =>
    engine.content.publish(account, param(params, 'id'), param(params, 'contentId'), recordAnswer),
  'content.unpublish': ({ engine, account, params, recordAnswer }) =>
    engine.content.unpublish(account, param(params, 'id'), param(params, 'contentId'), recordAnswer),
  'keywords.list': ({ engine, account, params, request }) =>
    engine.keywords.list(account, param(params, 'id'), request.query),
  'keywords.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.keywords.create(account, param(params, 'id'), body, recordAnswer),
  'keywords.opportunities': ({ engine, account, params, request }) =>
    engine.keywords.opportunities(account, param(params, 'id'), request.query),
  'keywords.performance': ({ engine, account, params, request }) =>
    engine.keywords.performance(account, param(params, 'id'), param(params, 'keywordId'), request.query),
  'aiVisibility.retrieve': ({ engine, account, params, request }) =>
    engine.aiVisibility.retrieveScore(account, param(params, 'id'), request.query),
  'aiVisibility.topics.list': ({ engine, account, params, request }) =>
    engine.aiVisibility.listTopics(account, param(params, 'id'), request.query),
  'aiVisibility.topics.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.aiVisibility.createTopic(account, param(params, 'id'), body, recordAnswer),
  'aiVisibility.prompts.list': ({ engine, account, params, request }) =>
    engine.aiVisibility.listPrompts(account, param(params, 'id'), request.query),
  'aiVisibility.prompts.create': ({ engine, account, params, body, recordAnswer }) =>
    engine.aiVisibility.createPrompt(account, param(params, 'id'), body, recordAnswer),
  'aiVisibility.responses.list': ({ engine, account, params, request }) =>
    engine.aiVisibility.listResponses(account, param(params, 'id'), request.query),
};

function param(params: Record<string, string>, name: string): string {
  return params[name] ?? '';
}
