import { aiVisibilityOperations } from './ai-visibility';
import { contentOperations } from './content';
import { exportOperations } from './exports';
import { keywordOperations } from './keywords';
import type { Operation } from './operation';
import { projectOperations } from './projects';
import { publicArticleAndAdminOperations } from './public-article-and-admin';

/**
 * The operations of the service itself, in the order of the documentation: projects and their
 * webhooks, content, keywords, AI visibility, exports, then the public article API and admin.
 * The test double's operations come after them (`operations`), and may name any of these.
 *
 * @example
 * ```ts
 * serviceOperations.filter((operation) => operation.tag !== 'Admin').map((operation) => operation.id);
 * // ['projects.list', 'projects.create', ...]: what a fault may name
 * ```
 */
export const serviceOperations = [
  ...projectOperations,
  ...contentOperations,
  ...keywordOperations,
  ...aiVisibilityOperations,
  ...exportOperations,
  ...publicArticleAndAdminOperations,
] as const satisfies readonly Operation[];
