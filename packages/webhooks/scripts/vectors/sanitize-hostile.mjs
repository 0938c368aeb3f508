// Hostile article HTML added for issue 20, where sanitizers in different languages disagreed or
// could: duplicate attributes, characters inside tags, CDATA, references without `;`, raw-text
// elements, mutation XSS, svg/math namespace confusion, srcdoc, formaction, style URLs, and the
// tree rules (implied and stray end tags). `output` is the one exact answer; it was reviewed case
// by case and follows the HTML parsing spec where a browser would, with scripting off. Issue 29
// added the cases of html5-parsing.mjs.
// One file per family of cases in ./sanitize-hostile/, in this order.
import { cdataAndReferenceCases } from './sanitize-hostile/cdata-and-references.mjs';
import { html5ParsingCases } from './sanitize-hostile/html5-parsing.mjs';
import { mutationXssCases } from './sanitize-hostile/mutation-xss.mjs';
import { namespaceCases } from './sanitize-hostile/namespaces.mjs';
import { rawTextCases } from './sanitize-hostile/raw-text.mjs';
import { tagSyntaxCases } from './sanitize-hostile/tag-syntax.mjs';
import { treeRuleCases } from './sanitize-hostile/tree-rules.mjs';
import { urlAndStyleCases } from './sanitize-hostile/urls-and-styles.mjs';

export const hostileCases = [
  ...tagSyntaxCases,
  ...cdataAndReferenceCases,
  ...rawTextCases,
  ...mutationXssCases,
  ...namespaceCases,
  ...urlAndStyleCases,
  ...treeRuleCases,
  ...html5ParsingCases,
];
