import type { AiVisibilityPrompt, AiVisibilityScore } from '@rankquill/contract';
import { platformName } from '../../engine/index';
import type { PageCall, Route } from '../answers';
import { platformScoreChart } from '../charts';
import { count, timeOf } from '../format';
import { type Html, html } from '../html';
import { loadProject, projectPage } from './project-page';

/** Answers read to find the recent mentions. */
const RECENT_ANSWERS = 100;
const RECENT_MENTIONS = 10;

/** AI visibility: the score of a period, the breakdown per platform as a chart, recent mentions. */
export const aiVisibilityRoutes: Route[] = [
  { method: 'GET', path: '/projects/:id/ai-visibility', handler: aiVisibility },
];

async function aiVisibility(call: PageCall) {
  const project = await loadProject(call);
  const { from, to } = call.request.query;
  const period = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const [score, answers, prompts] = await Promise.all([
    call.engine.aiVisibility.retrieveScore(call.account, project.id, period),
    call.engine.aiVisibility.listResponses(call.account, project.id, { limit: RECENT_ANSWERS }),
    call.engine.aiVisibility.listPrompts(call.account, project.id, { limit: 100 }),
  ]);
  const promptText = new Map(prompts.data.map((prompt: AiVisibilityPrompt) => [prompt.id, prompt.text]));
  const mentions = answers.data.filter((answer) => answer.mentioned).slice(0, RECENT_MENTIONS);
  return projectPage(
    project,
    'ai-visibility',
    'AI visibility',
    html`<h1>AI visibility</h1>
<form method="get" class="actions" aria-label="Period"><label for="from">From</label><input type="date" id="from" name="from" value="${score.period.from}"><label for="to">To</label><input type="date" id="to" name="to" value="${score.period.to}"><button type="submit" class="secondary">Show</button></form>
<p class="muted">${score.period.from} to ${score.period.to} (${score.period.days} days), ${count(score.counts.responses)} answers.</p>
${figures(score)}
<section class="card" aria-labelledby="platforms-heading"><h2 id="platforms-heading">By platform</h2>
${platformScoreChart(
  'platform-scores',
  score.platforms.map((entry) => ({
    platform: entry.platform,
    score: entry.score,
    responses: entry.counts.responses,
  })),
  platformName,
)}
<details><summary>The figures of each platform</summary><div class="table-wrap" tabindex="0" role="region" aria-label="Platforms"><table><thead><tr><th scope="col">Platform</th><th scope="col" class="num">Score</th><th scope="col" class="num">Mention rate</th><th scope="col" class="num">Citation score</th><th scope="col" class="num">Answers</th></tr></thead><tbody>${score.platforms.map(
      (entry) =>
        html`<tr><td>${platformName(entry.platform)}</td><td class="num">${entry.score}</td><td class="num">${entry.mention_rate}%</td><td class="num">${entry.citation_score}%</td><td class="num">${count(entry.counts.responses)}</td></tr>`,
    )}</tbody></table></div></details></section>
<section class="card" aria-labelledby="mentions-heading"><h2 id="mentions-heading">Recent mentions</h2>
${
  mentions.length === 0
    ? html`<p class="muted">No recent answer names ${project.brand_names.join(' or ')}.</p>`
    : html`<ul>${mentions.map(
        (answer) =>
          html`<li><strong>${platformName(answer.platform)}</strong>, ${answer.date}: “${answer.mentions[0]?.excerpt ?? ''}”<br><span class="muted">Asked “${promptText.get(answer.prompt_id) ?? answer.prompt_id}”, answered ${timeOf(answer.ran_at)}.</span></li>`,
      )}</ul>`
}</section>
${citedDomains(score)}`,
  );
}

function figures(score: AiVisibilityScore): Html {
  return html`<div class="grid">
<div class="card"><h2>Score</h2><p class="figure">${score.score}</p><p>of 100</p></div>
<div class="card"><h2>Mention rate</h2><p class="figure">${score.mention_rate}%</p><p>${count(score.counts.mentioned)} answers name the brand</p></div>
<div class="card"><h2>Citation score</h2><p class="figure">${score.citation_score}%</p><p>${count(score.counts.cited)} answers cite the site</p></div>
<div class="card"><h2>Average position</h2><p class="figure">${score.average_position ?? '—'}</p><p>sentence of the first mention</p></div>
</div>`;
}

function citedDomains(score: AiVisibilityScore): Html {
  if (score.cited_domains.length === 0) return html``;
  return html`<section class="card" aria-labelledby="domains-heading"><h2 id="domains-heading">Most cited domains</h2><div class="table-wrap" tabindex="0" role="region" aria-label="Cited domains"><table><thead><tr><th scope="col">Domain</th><th scope="col" class="num">Answers</th><th scope="col" class="num">Share</th></tr></thead><tbody>${score.cited_domains.map(
    (domain) =>
      html`<tr><td>${domain.domain}${domain.is_project_domain ? html` <strong>(this project)</strong>` : ''}</td><td class="num">${count(domain.responses)}</td><td class="num">${domain.share}%</td></tr>`,
  )}</tbody></table></div></section>`;
}
