// The webhook events of the model and the schema of each body, for the emitters that generate a
// receiver's checks (PHP's EventSchemas, the TypeScript receiver's event fields).

/** The events whose body is the article payload of spec 2.5; the others name themselves in `event`. */
export const ARTICLE_EVENTS = ['content.published', 'content.updated'];

/**
 * Every webhook event with the schema of its body, in the model's order after the article events.
 *
 * @example
 * webhookEvents(loadApiModel('packages/contract/openapi.json')).map(([event]) => event);
 * // ['content.published', 'content.updated', 'content.generated', ...]
 * @param {import('./openapi-model.mjs').ApiModel} model
 * @returns {Array<[string, import('./openapi-model.mjs').SchemaModel]>}
 */
export function webhookEvents(model) {
  const byName = new Map(model.schemas.map((schema) => [schema.name, schema]));
  const article = byName.get('ArticlePayload');
  if (!article) throw new Error('the contract has no ArticlePayload schema');
  const events = ARTICLE_EVENTS.map((event) => [event, article]);
  for (const schema of model.schemas) {
    // An event's body names it in a constant `event` (WebhookTestResult names one too, but is no body).
    const constant = schema.fields.find((field) => field.name === 'event')?.type.constant;
    if (typeof constant === 'string' && schema.name.endsWith('Event')) events.push([constant, schema]);
  }
  const names = events.map(([event]) => event);
  const twice = names.find((event, index) => names.indexOf(event) !== index);
  if (twice) throw new Error(`two schemas describe the webhook event ${twice}`);
  return events;
}
