<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * Builds the element tree of an HTML fragment (`HtmlTokenizer`'s tokens, and the element rules of
 * packages/contract/vectors/README.md) as the TypeScript sanitizer builds it
 * (packages/webhooks/src/html/html-tree-builder.ts), reporting it to a sink as it goes. Linear in
 * the input: the open elements are a stack with a count per name, so an end tag that closes
 * nothing costs no scan.
 *
 * @example
 * HtmlTree::build('<p>Hi <a href=x', $sink); // $sink->open('p', []), ->text('Hi '), ->close('p')
 *
 * @internal
 */
final class HtmlTree implements HtmlTokenHandler
{
    /** Elements the parser never holds open: they have no content and no end tag. */
    private const PARSER_VOID = [
        'area' => true, 'base' => true, 'basefont' => true, 'br' => true, 'col' => true, 'command' => true,
        'embed' => true, 'frame' => true, 'hr' => true, 'img' => true, 'input' => true, 'isindex' => true,
        'keygen' => true, 'link' => true, 'meta' => true, 'param' => true, 'source' => true, 'track' => true,
        'wbr' => true,
    ];
    private const P = ['p' => true];
    private const HEADINGS = [
        'h1' => true, 'h2' => true, 'h3' => true, 'h4' => true, 'h5' => true, 'h6' => true, 'p' => true,
    ];
    private const FORM_CONTROLS = [
        'input' => true, 'option' => true, 'optgroup' => true, 'select' => true, 'button' => true,
        'datalist' => true, 'textarea' => true,
    ];
    /** Opening the key closes the innermost open element, repeatedly, while it is in the value. */
    private const OPEN_IMPLIES_CLOSE = [
        'tr' => ['tr' => true, 'th' => true, 'td' => true], 'th' => ['th' => true],
        'td' => ['thead' => true, 'th' => true, 'td' => true],
        'body' => ['head' => true, 'link' => true, 'script' => true],
        'a' => ['a' => true], 'li' => ['li' => true], 'option' => ['option' => true],
        'optgroup' => ['optgroup' => true, 'option' => true], 'dd' => ['dd' => true, 'dt' => true],
        'dt' => ['dd' => true, 'dt' => true], 'rt' => ['rt' => true, 'rp' => true],
        'rp' => ['rt' => true, 'rp' => true],
        'tbody' => ['thead' => true, 'tbody' => true], 'tfoot' => ['thead' => true, 'tbody' => true],
        'h1' => self::HEADINGS, 'h2' => self::HEADINGS, 'h3' => self::HEADINGS, 'h4' => self::HEADINGS,
        'h5' => self::HEADINGS, 'h6' => self::HEADINGS,
        'select' => self::FORM_CONTROLS, 'input' => self::FORM_CONTROLS, 'output' => self::FORM_CONTROLS,
        'button' => self::FORM_CONTROLS, 'datalist' => self::FORM_CONTROLS, 'textarea' => self::FORM_CONTROLS,
        'p' => self::P, 'address' => self::P, 'article' => self::P, 'aside' => self::P, 'blockquote' => self::P,
        'details' => self::P, 'div' => self::P, 'dl' => self::P, 'fieldset' => self::P, 'figcaption' => self::P,
        'figure' => self::P, 'footer' => self::P, 'form' => self::P, 'header' => self::P, 'hr' => self::P,
        'main' => self::P, 'nav' => self::P, 'ol' => self::P, 'pre' => self::P, 'section' => self::P,
        'table' => self::P, 'ul' => self::P,
    ];
    /** The namespace each element opens: its own (svg, math), or HTML again inside one (SVG's spelling). */
    private const NAMESPACE_OF = [
        'svg' => 'svg', 'math' => 'math', 'mi' => 'html', 'mo' => 'html', 'mn' => 'html', 'ms' => 'html',
        'mtext' => 'html', 'annotation-xml' => 'html', 'foreignObject' => 'html', 'desc' => 'html', 'title' => 'html',
    ];
    /** SVG element names that are not all lower case. */
    private const SVG_TAG_NAMES = [
        'altGlyph', 'altGlyphDef', 'altGlyphItem', 'animateColor', 'animateMotion', 'animateTransform', 'clipPath',
        'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
        'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG',
        'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
        'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence', 'foreignObject',
        'glyphRef', 'linearGradient', 'radialGradient', 'textPath',
    ];

    /** @var list<string> names of the open elements, innermost last */
    private array $stack = [];
    /** @var array<string, int> how many of each name are open */
    private array $openCounts = [];
    /** @var list<string> innermost last; the bottom one is the fragment's own */
    private array $namespaces = ['html'];
    /** @var list<int> stack positions of the elements the sink does not unwrap */
    private array $solid = [];
    /** @var array<string, bool> the sink's answer, per name */
    private array $isSolid = [];
    /** @var array<string, string>|null */
    private static ?array $svgNames = null;

    private function __construct(private readonly HtmlTreeSink $sink)
    {
    }

    /** Reports the elements and text of `$html` to `$sink`; closes what the input left open. */
    public static function build(string $html, HtmlTreeSink $sink): void
    {
        $tree = new self($sink);
        (new HtmlTokenizer($html, $tree))->run();
        while ($tree->stack !== []) {
            $tree->pop();
        }
    }

    public function inForeignContent(): bool
    {
        return $this->namespaces[\count($this->namespaces) - 1] !== 'html';
    }

    public function text(string $text): void
    {
        $this->sink->text($text);
    }

    public function startTag(string $name, array $attributes, bool $selfClosing): void
    {
        $this->open($this->elementName($name), $attributes, $selfClosing);
    }

    public function endTag(string $name): void
    {
        $name = $this->elementName($name);
        if (isset(self::PARSER_VOID[$name])) {
            if ($name === 'br') {
                $this->open('br', [], false); // `</br>` is a line break; the other void end tags mean nothing
            }
        } elseif (($this->openCounts[$name] ?? 0) > 0) {
            while ($this->pop() !== $name) {
                // closes the elements opened inside it first
            }
        } elseif ($name === 'p') {
            $this->open('p', [], false); // `</p>` alone is an empty paragraph
            $this->pop();
        }
    }

    /** @param array<string, string> $attributes */
    private function open(string $name, array $attributes, bool $selfClosing): void
    {
        if ($name === 'form' && ($this->openCounts['form'] ?? 0) > 0) {
            return; // a form inside a form is ignored
        }
        $closes = self::OPEN_IMPLIES_CLOSE[$name] ?? null;
        // Closes the innermost element the sink keeps (or drops) while it is in `$closes`, with the
        // unwrapped ones inside it.
        while ($closes !== null && $this->solid !== []) {
            if (!isset($closes[$this->stack[$this->solid[\count($this->solid) - 1]]])) {
                break;
            }
            $this->pop();
        }
        if (isset(self::PARSER_VOID[$name])) {
            $this->sink->open($name, $attributes);
            $this->sink->close($name);
            return;
        }
        if ($this->isSolid[$name] ??= !$this->sink->unwrapped($name)) {
            $this->solid[] = \count($this->stack);
        }
        $this->stack[] = $name;
        $this->openCounts[$name] = ($this->openCounts[$name] ?? 0) + 1;
        if (isset(self::NAMESPACE_OF[$name])) {
            $this->namespaces[] = self::NAMESPACE_OF[$name];
        }
        $this->sink->open($name, $attributes);
        if ($selfClosing && $this->inForeignContent()) {
            $this->pop(); // self-closing syntax closes an element only inside svg and math
        }
    }

    /** A tag's name as the element rules compare it: SVG's own spelling inside svg, `image` is `img`. */
    private function elementName(string $name): string
    {
        $depth = \count($this->namespaces);
        $namespace = $this->namespaces[$depth - 1];
        $svgNames = self::$svgNames ??= array_combine(
            array_map('strtolower', self::SVG_TAG_NAMES),
            self::SVG_TAG_NAMES,
        );
        if ($namespace === 'svg') {
            return $svgNames[$name] ?? $name;
        }
        // An end tag inside an HTML integration point may still close an SVG element around it.
        if ($depth > 1 && isset($svgNames[$name]) && ($this->openCounts[$svgNames[$name]] ?? 0) > 0) {
            return $svgNames[$name];
        }
        return $namespace === 'html' && $name === 'image' ? 'img' : $name;
    }

    private function pop(): string
    {
        $name = array_pop($this->stack);
        if ($this->solid !== [] && $this->solid[\count($this->solid) - 1] === \count($this->stack)) {
            array_pop($this->solid);
        }
        $this->openCounts[$name]--;
        if (isset(self::NAMESPACE_OF[$name])) {
            array_pop($this->namespaces);
        }
        $this->sink->close($name);
        return $name;
    }
}
