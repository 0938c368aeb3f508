// A typedoc plugin: every public class, function and method of the reference needs a doc comment
// with an example (an `@example` tag, or a fenced code block in its comment). Each one that has
// none is a warning, which `treatWarningsAsErrors` turns into a failed `pnpm docs:api`. Members
// inherited from another class, and methods implementing an interface's, are checked where they
// are declared; accessors and properties are data, described by their own comment, and not
// checked here; neither are the methods of a language protocol (`[Symbol.asyncIterator]`,
// `[Symbol.asyncDispose]`, a promise's `then`, `catch` and `finally`), which JavaScript documents.
import { Converter, ReflectionKind } from 'typedoc';

const PROMISE_PROTOCOL = ['then', 'catch', 'finally'];
const isPromise = (type) => type.type === 'reference' && type.name === 'Promise';
const CHECKED = ReflectionKind.Class | ReflectionKind.Function | ReflectionKind.Method;

/** The comments of a reflection and of its signatures. */
function commentsOf(reflection) {
  return [reflection.comment, ...(reflection.signatures ?? []).map((signature) => signature.comment)].filter(
    (comment) => comment !== undefined,
  );
}

function hasExample(comment) {
  if (comment.blockTags.some((tag) => tag.tag === '@example')) return true;
  return comment.summary.some((part) => part.kind === 'code' && part.text.startsWith('```'));
}

/** What each undocumented public class, function or method of `project` lacks, one line each. */
export function missingDocComments(project) {
  const problems = [];
  for (const reflection of project.getReflectionsByKind(CHECKED)) {
    if (reflection.flags.isPrivate || reflection.flags.isProtected || reflection.inheritedFrom) continue;
    if (reflection.implementationOf || reflection.name.startsWith('[')) continue;
    // A method of an object type inside a type alias (`{ get(name): string }`) is part of that type.
    if (reflection.parent?.kindOf(ReflectionKind.TypeLiteral)) continue;
    if (PROMISE_PROTOCOL.includes(reflection.name) && reflection.parent?.extendedTypes?.some(isPromise))
      continue;
    const comments = commentsOf(reflection);
    const name = reflection.getFriendlyFullName();
    // A method of an interface is a contract, described by its comment; its implementations and
    // callers carry the examples (the file-length rule leaves no room for more in receiver.ts).
    const inInterface = reflection.parent?.kindOf(ReflectionKind.Interface) === true;
    if (comments.length === 0) problems.push(`${name} has no doc comment`);
    else if (!inInterface && !comments.some(hasExample))
      problems.push(`${name} has a doc comment without an example`);
  }
  return problems;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const problem of missingDocComments(context.project)) app.logger.warn(problem);
  });
}
