import { ListParams, listOf } from '../common';
import {
  ContentCreateParams,
  ContentCreateResponse,
  ContentItem,
  ContentListParams,
  ContentUpdateParams,
} from '../content';
import { Deleted } from './deleted';
import { type Operation, op, projectPath } from './operation';

const contentPath = `${projectPath}/content/:contentId`;

/** Content: generate, read, edit, publish and delete articles. */
export const contentOperations = [
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
] as const satisfies readonly Operation[];
