import type { Project } from '@rankquill/contract';
import type { PageAnswer, PageCall, ProjectSection } from '../answers';
import type { Html } from '../html';

/** The project of the page's `:id`, through the engine (another account's project is a 404). */
export function loadProject(call: PageCall): Promise<Project> {
  return call.engine.projects.retrieve(call.account, call.params.id ?? '');
}

/** A page under a project's tabs. */
export function projectPage(
  project: Pick<Project, 'id' | 'name'>,
  section: ProjectSection,
  title: string,
  body: Html,
): PageAnswer {
  return { kind: 'page', title, body, project: { id: project.id, name: project.name, section } };
}
