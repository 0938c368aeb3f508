import { z } from 'zod';
import { ActivityEntry } from './activity';
import { AdminAccount, AdminAccountCreateParams, ClockAdvanceParams, ClockState } from './admin';
import {
  AiVisibilityPrompt,
  AiVisibilityPromptCreateParams,
  AiVisibilityPromptListParams,
  AiVisibilityResponse,
  AiVisibilityResponseListParams,
  AiVisibilityScore,
  AiVisibilityScoreParams,
  AiVisibilityTopic,
  AiVisibilityTopicCreateParams,
} from './ai-visibility';
import { ErrorBody, ListParams, listOf } from './common';
import {
  ContentCreateParams,
  ContentCreateResponse,
  ContentItem,
  ContentListParams,
  ContentUpdateParams,
} from './content';
import { Delivery } from './deliveries';
import {
  AiVisibilityExport,
  AiVisibilityExportParams,
  BulkExport,
  BulkExportCreateParams,
  BulkExportDocument,
  ContentExport,
  ContentExportParams,
  ExportDownloadParams,
  KeywordExportParams,
} from './exports';
import {
  Keyword,
  KeywordCreateParams,
  KeywordOpportunity,
  KeywordPerformanceParams,
  KeywordPerformancePoint,
} from './keywords';
import {
  Project,
  ProjectCreateParams,
  ProjectUpdateParams,
  PublicApiKeyRotation,
  WebhookSigningSecretRotation,
} from './project';
import {
  PublicArticleListResponse,
  PublicArticleQuery,
  PublicArticleResponse,
  PublicErrorBody,
} from './public-article';
import { named } from './registry';

export const Deleted = named(
  'Deleted',
  'Answer of a DELETE call.',
  z.object({ id: z.string(), deleted: z.literal(true) }),
);
export type Deleted = z.infer<typeof Deleted>;

/** Which credential an operation takes. */
export type OperationAuth = 'bearer' | 'service-key' | 'admin' | 'none';

/**
 * One HTTP operation of the service: the single description that the OpenAPI document and the
 * server's router are built from. The clients' models come from that document; their resource
 * methods are written by hand, and each client's coverage test checks them against this list.
 */
export interface Operation {
  /** Stable id, `resource.verb`. */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Express-style path with `:name` parameters. */
  path: string;
  summary: string;
  tag: string;
  auth: OperationAuth;
  query?: z.ZodObject;
  body?: z.ZodType;
  status: number;
  response?: z.ZodType;
  /** Whether the operation accepts `Idempotency-Key`. */
  idempotent?: boolean;
  /**
   * Media types of a success answer that is a file rather than JSON (exports). `response`, when
   * set, describes the `application/json` variant; the others are documented as strings.
   */
  responseContentTypes?: readonly string[];
  /** Error statuses, where they differ from the usual ones of `auth`. */
  errorStatuses?: readonly number[];
  /** What the operation does, beyond its summary (the document adds its credential and paging). */
  description?: string;
  /**
   * Set on an export in one format at a path of its own (`export.csv`): the operation whose
   * `?format=` it fixes. It answers one media type, which a generated client can type; the
   * clients of this repository call the spec's path with `format` instead.
   */
  formatOf?: { operation: string; format: string };
}

const projectPath = '/v1/projects/:projectId';
const contentPath = `${projectPath}/content/:contentId`;
const aiVisibilityPath = `${projectPath}/ai-visibility`;

function op(operation: Operation): Operation {
  return { idempotent: operation.method === 'POST' && operation.auth === 'bearer', ...operation };
}

/** Paths of the exports that choose their format by `?format=`, by operation id. */
const EXPORT_PATHS: Record<string, { path: string; what: string }> = {
  'content.export': { path: `${projectPath}/content/export`, what: 'every article (draft and published)' },
  'keywords.export': { path: `${projectPath}/keywords/export`, what: 'tracked keywords' },
  'aiVisibility.export': { path: `${projectPath}/ai-visibility/export`, what: 'AI-visibility data' },
};

/**
 * The export `of` in one format at a path of its own (`export.csv`): one media type, which a
 * generated client can type, where the spec's path answers several by `?format=`.
 */
function exportInOneFormat(
  id: string,
  of: keyof typeof EXPORT_PATHS,
  format: string,
  mediaType: string,
  response?: z.ZodType,
  extension = format,
): Operation {
  const { path, what } = EXPORT_PATHS[of] as { path: string; what: string };
  return op({
    id,
    method: 'GET',
    path: `${path}.${extension}`,
    summary: `Export ${what} as ${format === 'html' ? 'one HTML page' : format === 'markdown' ? 'Markdown' : format.toUpperCase()}, streamed (the \`?format=${format}\` export at a path of its own)`,
    tag: 'Exports',
    auth: 'bearer',
    status: 200,
    ...(response ? { response } : {}),
    responseContentTypes: [mediaType],
    formatOf: { operation: of, format },
  });
}

/** Every operation of the service, in the order of the documentation. */
export const operations = [
  op({
    id: 'projects.list',
    method: 'GET',
    path: '/v1/projects',
    summary: 'List projects',
    tag: 'Projects',
    auth: 'bearer',
    query: ListParams,
    status: 200,
    response: listOf(Project),
  }),
  op({
    id: 'projects.create',
    method: 'POST',
    path: '/v1/projects',
    summary: 'Create a project',
    tag: 'Projects',
    auth: 'bearer',
    body: ProjectCreateParams,
    status: 201,
    response: Project,
  }),
  op({
    id: 'projects.retrieve',
    method: 'GET',
    path: projectPath,
    summary: 'Get a project',
    tag: 'Projects',
    auth: 'bearer',
    status: 200,
    response: Project,
  }),
  op({
    id: 'projects.update',
    method: 'PUT',
    path: projectPath,
    summary: 'Update a project',
    tag: 'Projects',
    auth: 'bearer',
    body: ProjectUpdateParams,
    status: 200,
    response: Project,
  }),
  op({
    id: 'projects.delete',
    method: 'DELETE',
    path: projectPath,
    summary: 'Delete a project and everything in it',
    tag: 'Projects',
    auth: 'bearer',
    status: 200,
    response: Deleted,
  }),
  op({
    id: 'projects.rotatePublicApiKey',
    method: 'POST',
    path: `${projectPath}/public-api-key/rotate`,
    summary: 'Replace the public article API key',
    tag: 'Projects',
    auth: 'bearer',
    status: 200,
    response: PublicApiKeyRotation,
  }),
  op({
    id: 'projects.webhook.test',
    method: 'POST',
    path: `${projectPath}/webhook/test`,
    summary:
      "Send a sample content.published delivery to the project's webhook now, in the background; answers the queued delivery, whose attempt the deliveries list shows",
    tag: 'Webhooks',
    auth: 'bearer',
    status: 202,
    response: Delivery,
  }),
  op({
    id: 'projects.webhook.rotateSigningSecret',
    method: 'POST',
    path: `${projectPath}/webhook/signing-secret/rotate`,
    summary:
      "Replace the webhook's signing secret; for 24 hours deliveries carry signatures by both the new and the replaced one",
    tag: 'Webhooks',
    auth: 'bearer',
    status: 200,
    response: WebhookSigningSecretRotation,
  }),
  op({
    id: 'deliveries.list',
    method: 'GET',
    path: `${projectPath}/deliveries`,
    summary: "List the project's webhook deliveries with their attempts, newest first",
    tag: 'Webhooks',
    auth: 'bearer',
    query: ListParams,
    status: 200,
    response: listOf(Delivery),
  }),
  op({
    id: 'deliveries.redeliver',
    method: 'POST',
    path: `${projectPath}/deliveries/:deliveryId/redeliver`,
    summary:
      'Send a delivery again now, with the same webhook-id (after an earlier delivery of the same content item, if one is under way)',
    tag: 'Webhooks',
    auth: 'bearer',
    status: 202,
    response: Delivery,
  }),
  op({
    id: 'activity.list',
    method: 'GET',
    path: `${projectPath}/activity`,
    summary: "List the project's activity feed (lifecycle events and webhook deliveries), newest first",
    tag: 'Activity',
    auth: 'bearer',
    query: ListParams,
    status: 200,
    response: listOf(ActivityEntry),
  }),
  op({
    id: 'content.list',
    method: 'GET',
    path: `${projectPath}/content`,
    summary: 'List content, newest first',
    tag: 'Content',
    auth: 'bearer',
    query: ListParams.extend(ContentListParams.shape),
    status: 200,
    response: listOf(ContentItem),
  }),
  op({
    id: 'content.create',
    method: 'POST',
    path: `${projectPath}/content`,
    summary: 'Generate new content',
    tag: 'Content',
    auth: 'bearer',
    body: ContentCreateParams,
    status: 202,
    response: ContentCreateResponse,
  }),
  op({
    id: 'content.retrieve',
    method: 'GET',
    path: contentPath,
    summary: 'Get a content item',
    tag: 'Content',
    auth: 'bearer',
    status: 200,
    response: ContentItem,
  }),
  op({
    id: 'content.update',
    method: 'PUT',
    path: contentPath,
    summary: 'Update content',
    tag: 'Content',
    auth: 'bearer',
    body: ContentUpdateParams,
    status: 200,
    response: ContentItem,
  }),
  op({
    id: 'content.delete',
    method: 'DELETE',
    path: contentPath,
    summary: 'Delete content',
    tag: 'Content',
    auth: 'bearer',
    status: 200,
    response: Deleted,
  }),
  op({
    id: 'content.publish',
    method: 'POST',
    path: `${contentPath}/publish`,
    summary: 'Publish a draft',
    tag: 'Content',
    auth: 'bearer',
    status: 200,
    response: ContentItem,
  }),
  op({
    id: 'content.unpublish',
    method: 'POST',
    path: `${contentPath}/unpublish`,
    summary: 'Take a published article offline',
    tag: 'Content',
    auth: 'bearer',
    status: 200,
    response: ContentItem,
  }),
  op({
    id: 'keywords.list',
    method: 'GET',
    path: `${projectPath}/keywords`,
    summary: 'List tracked keywords with their latest ranking, newest first',
    tag: 'Keywords',
    auth: 'bearer',
    query: ListParams,
    status: 200,
    response: listOf(Keyword),
  }),
  op({
    id: 'keywords.create',
    method: 'POST',
    path: `${projectPath}/keywords`,
    summary: 'Track a keyword; its ranking is checked at once and every day at 00:00 UTC',
    tag: 'Keywords',
    auth: 'bearer',
    body: KeywordCreateParams,
    status: 201,
    response: Keyword,
  }),
  op({
    id: 'keywords.opportunities',
    method: 'GET',
    path: `${projectPath}/keywords/opportunities`,
    summary: 'List tracked keywords by opportunity score, highest first',
    tag: 'Keywords',
    auth: 'bearer',
    query: ListParams,
    status: 200,
    response: listOf(KeywordOpportunity),
  }),
  op({
    id: 'keywords.performance',
    method: 'GET',
    path: `${projectPath}/keywords/:keywordId/performance`,
    summary: 'Daily ranking history of a keyword, newest day first',
    tag: 'Keywords',
    auth: 'bearer',
    query: ListParams.extend(KeywordPerformanceParams.shape),
    status: 200,
    response: listOf(KeywordPerformancePoint),
  }),
  op({
    id: 'aiVisibility.retrieve',
    method: 'GET',
    path: aiVisibilityPath,
    summary:
      'Visibility score over a period (default the last 30 days), with citation score and platform breakdown',
    tag: 'AI visibility',
    auth: 'bearer',
    query: AiVisibilityScoreParams,
    status: 200,
    response: AiVisibilityScore,
  }),
  op({
    id: 'aiVisibility.topics.list',
    method: 'GET',
    path: `${aiVisibilityPath}/topics`,
    summary: 'List topics, newest first',
    tag: 'AI visibility',
    auth: 'bearer',
    query: ListParams,
    status: 200,
    response: listOf(AiVisibilityTopic),
  }),
  op({
    id: 'aiVisibility.topics.create',
    method: 'POST',
    path: `${aiVisibilityPath}/topics`,
    summary: 'Create a topic',
    tag: 'AI visibility',
    auth: 'bearer',
    body: AiVisibilityTopicCreateParams,
    status: 201,
    response: AiVisibilityTopic,
  }),
  op({
    id: 'aiVisibility.prompts.list',
    method: 'GET',
    path: `${aiVisibilityPath}/prompts`,
    summary: 'List prompts, newest first, optionally of one topic',
    tag: 'AI visibility',
    auth: 'bearer',
    query: ListParams.extend(AiVisibilityPromptListParams.shape),
    status: 200,
    response: listOf(AiVisibilityPrompt),
  }),
  op({
    id: 'aiVisibility.prompts.create',
    method: 'POST',
    path: `${aiVisibilityPath}/prompts`,
    summary: 'Track a prompt; it is asked on every platform for today at once, then every day at 00:00 UTC',
    tag: 'AI visibility',
    auth: 'bearer',
    body: AiVisibilityPromptCreateParams,
    status: 201,
    response: AiVisibilityPrompt,
  }),
  op({
    id: 'aiVisibility.responses.list',
    method: 'GET',
    path: `${aiVisibilityPath}/responses`,
    summary: 'List AI answers, newest day first, by prompt, topic, platform and date',
    tag: 'AI visibility',
    auth: 'bearer',
    query: ListParams.extend(AiVisibilityResponseListParams.shape),
    status: 200,
    response: listOf(AiVisibilityResponse),
  }),
  op({
    id: 'content.export',
    method: 'GET',
    path: `${projectPath}/content/export`,
    summary: 'Export every article (draft and published) as JSON, CSV, HTML or Markdown, streamed',
    tag: 'Exports',
    auth: 'bearer',
    query: ContentExportParams,
    status: 200,
    response: ContentExport,
    // Text first: a generator that keeps one media type (openapi-python-client keeps the first it
    // knows) then reads every format as text; `export.json` is the typed JSON.
    responseContentTypes: ['text/csv', 'text/html', 'text/markdown', 'application/json'],
  }),
  op({
    id: 'keywords.export',
    method: 'GET',
    path: `${projectPath}/keywords/export`,
    summary: 'Export tracked keywords as CSV, streamed',
    tag: 'Exports',
    auth: 'bearer',
    query: KeywordExportParams,
    status: 200,
    responseContentTypes: ['text/csv'],
  }),
  op({
    id: 'aiVisibility.export',
    method: 'GET',
    path: `${projectPath}/ai-visibility/export`,
    summary:
      'Export AI-visibility topics, prompts, responses, citation scores and platform breakdown as JSON, streamed',
    tag: 'Exports',
    auth: 'bearer',
    query: AiVisibilityExportParams,
    status: 200,
    response: AiVisibilityExport,
    responseContentTypes: ['application/json'],
  }),
  exportInOneFormat('content.exportJson', 'content.export', 'json', 'application/json', ContentExport),
  exportInOneFormat('content.exportCsv', 'content.export', 'csv', 'text/csv'),
  exportInOneFormat('content.exportHtml', 'content.export', 'html', 'text/html'),
  exportInOneFormat('content.exportMarkdown', 'content.export', 'markdown', 'text/markdown', undefined, 'md'),
  exportInOneFormat('keywords.exportCsv', 'keywords.export', 'csv', 'text/csv'),
  exportInOneFormat(
    'aiVisibility.exportJson',
    'aiVisibility.export',
    'json',
    'application/json',
    AiVisibilityExport,
  ),
  op({
    id: 'exports.create',
    method: 'POST',
    path: `${projectPath}/export`,
    summary: 'Start an asynchronous bulk export (JSON, a ZIP of CSVs, or a PDF report)',
    tag: 'Exports',
    auth: 'bearer',
    body: BulkExportCreateParams,
    status: 202,
    response: BulkExport,
  }),
  op({
    id: 'exports.retrieve',
    method: 'GET',
    path: `${projectPath}/exports/:exportId`,
    summary: 'Get a bulk export; when ready it carries a fresh signed download_url',
    tag: 'Exports',
    auth: 'bearer',
    status: 200,
    response: BulkExport,
  }),
  op({
    id: 'exports.download',
    method: 'GET',
    path: `${projectPath}/exports/:exportId/download`,
    summary: 'Download the file of a ready bulk export; the signed URL is the credential (no API key)',
    tag: 'Exports',
    auth: 'none',
    query: ExportDownloadParams,
    status: 200,
    response: BulkExportDocument,
    responseContentTypes: ['application/json', 'application/zip', 'application/pdf'],
    // 400: a query parameter given empty or twice.
    errorStatuses: [400, 401, 404, 500],
  }),
  op({
    id: 'publicArticles.get',
    method: 'GET',
    path: '/public-article-api',
    summary: 'List published articles, or get one with ?id=',
    tag: 'Public article API',
    auth: 'service-key',
    query: PublicArticleQuery,
    status: 200,
    response: z.union([PublicArticleListResponse, PublicArticleResponse]),
  }),
  op({
    id: 'admin.accounts.create',
    method: 'POST',
    path: '/__admin/accounts',
    summary: 'Create an account with a main API key',
    tag: 'Admin',
    auth: 'admin',
    body: AdminAccountCreateParams,
    status: 201,
    response: AdminAccount,
  }),
  op({
    id: 'admin.clock.retrieve',
    method: 'GET',
    path: '/__admin/clock',
    summary: 'Read the server clock',
    tag: 'Admin',
    auth: 'admin',
    status: 200,
    response: ClockState,
  }),
  op({
    id: 'admin.clock.advance',
    method: 'POST',
    path: '/__admin/clock/advance',
    summary: 'Move the manual clock and run everything that falls due',
    tag: 'Admin',
    auth: 'admin',
    body: ClockAdvanceParams,
    status: 200,
    response: ClockState,
    // 409: the server runs on the real clock, which only time moves.
    errorStatuses: [400, 401, 409, 500],
  }),
  op({
    id: 'admin.reset',
    method: 'POST',
    path: '/__admin/reset',
    summary: 'Restore the seeded state',
    tag: 'Admin',
    auth: 'admin',
    status: 200,
    response: z.object({ reset: z.literal(true) }),
  }),
  op({
    id: 'health',
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness',
    tag: 'Admin',
    auth: 'none',
    status: 200,
    response: z.object({ status: z.literal('ok') }),
  }),
  op({
    id: 'openapi',
    method: 'GET',
    path: '/openapi.json',
    summary: 'This OpenAPI document',
    tag: 'Admin',
    auth: 'none',
    status: 200,
    response: z.record(z.string(), z.unknown()).describe('The OpenAPI 3.1 document of the service.'),
  }),
] as const satisfies readonly Operation[];

export type OperationId = (typeof operations)[number]['id'];

/** The error body an operation answers with when it fails. */
export function errorBodyOf(operation: Pick<Operation, 'auth'>): z.ZodType {
  return operation.auth === 'service-key' ? PublicErrorBody : ErrorBody;
}
