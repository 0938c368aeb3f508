import type { AccountService } from './accounts/accounts';
import type { AiVisibilityService } from './ai-visibility/ai-visibility';
import type { ContentService } from './content/content';
import { seedAiVisibilityDemo } from './demo-data-ai-visibility';
import { seedDemoKeywords } from './demo-data-keywords';
import type { EngineContext } from './kernel/context';
import type { ContentRecord, ProjectRecord } from './kernel/records';
import type { KeywordService } from './keywords/keywords';
import type { ProjectService } from './projects/projects';

/** Keys and ids of the seeded demo account, printed in the server's ready line. */
export interface DemoData {
  api_key: string;
  project_id: string;
  public_api_key: string;
}

const DAY = 24 * 60 * 60 * 1000;

const DEMO_PROJECTS = [
  {
    name: 'Northwind Coffee',
    domain: 'northwind-coffee.example',
    language: 'en',
    keywords: [
      'cold brew ratio',
      'pour over technique',
      'best coffee grinder',
      'decaf process',
      'espresso crema',
    ],
  },
  {
    name: 'Trailhead Outfitters',
    domain: 'trailhead-outfitters.example',
    language: 'nl',
    keywords: [
      'ultralight tent',
      'hiking boots break in',
      'layering for winter hikes',
      'water filter backpacking',
    ],
  },
] as const;

/**
 * Seeds one agencies-plan account with two projects, each holding published articles, a
 * draft and one article still generating. Articles are written by the engine's generator,
 * back-dated over the previous days, so the same seed gives the same data byte for byte.
 */
export async function seedDemoData(
  ctx: EngineContext,
  services: {
    accounts: AccountService;
    projects: ProjectService;
    content: ContentService;
    keywords: KeywordService;
    aiVisibility: AiVisibilityService;
  },
): Promise<DemoData> {
  const { api_key } = await ctx.store.transaction(async (tx) => {
    const account = await services.accounts.insert(tx, 'agencies');
    for (const demo of DEMO_PROJECTS) {
      await services.projects.insert(tx, account, {
        name: demo.name,
        domain: demo.domain,
        language: demo.language,
        brand_names: [demo.name],
      });
    }
    return account;
  });
  const projects = await ctx.store.find<{ id: string; public_api_key: string; name: string }>('projects', {
    orderBy: [['seq', 'asc']],
  });
  const now = ctx.clock.now();
  for (const [index, project] of projects.entries()) {
    const demo = DEMO_PROJECTS[index];
    if (!demo) continue;
    for (const [position, keyword] of demo.keywords.entries()) {
      const state =
        position === demo.keywords.length - 1
          ? 'generating'
          : position === demo.keywords.length - 2
            ? 'draft'
            : 'published';
      await seedArticle(
        ctx,
        services.content,
        project.id,
        keyword,
        state,
        now - (demo.keywords.length - position) * DAY,
      );
    }
  }
  await seedDemoKeywords(
    ctx,
    services.keywords,
    projects.map((project, index) => ({
      projectId: project.id,
      keywords: DEMO_PROJECTS[index]?.keywords ?? [],
    })),
  );
  await seedAiVisibilityDemo(ctx, services.aiVisibility, projects);
  const first = projects[0];
  if (!first) throw new Error('demo data has no project');
  return { api_key, project_id: first.id, public_api_key: first.public_api_key };
}

async function seedArticle(
  ctx: EngineContext,
  content: ContentService,
  projectId: string,
  keyword: string,
  state: 'published' | 'draft' | 'generating',
  createdAt: number,
): Promise<void> {
  const project = await ctx.store.get<ProjectRecord>('projects', projectId);
  if (!project) throw new Error(`demo project ${projectId} is missing`);
  const item = await ctx.store.transaction((tx) =>
    content.insert(tx, project, {
      keyword,
      type: 'blog_post',
      length: 600,
      auto_publish: state === 'published',
    }),
  );
  if (state === 'generating') return;
  // Back-date the item, then finish its generation at once.
  await ctx.store.transaction(async (tx) => {
    const row = await tx.get<ContentRecord>('content', item.id);
    if (row)
      await tx.put('content', {
        ...row,
        created_at: createdAt,
        updated_at: createdAt,
        estimated_completion: createdAt,
      });
  });
  await content.completeNow(item.id, createdAt + 90_000);
}
