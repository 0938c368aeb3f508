import { ListParams, listOf } from '../common';
import {
  Keyword,
  KeywordCreateParams,
  KeywordOpportunity,
  KeywordPerformanceParams,
  KeywordPerformancePoint,
} from '../keywords';
import { type Operation, op, projectPath } from './operation';

/** Tracked keywords, their opportunities and ranking history. */
export const keywordOperations = [
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
] as const satisfies readonly Operation[];
