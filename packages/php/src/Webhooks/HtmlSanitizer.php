<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * Sanitizes article HTML with the allow-list the Rankquill server applies on every write
 * (`HtmlAllowList`, generated from packages/contract/vectors/html-allow-list.json): only the
 * listed elements and attributes stay, URLs keep only the listed schemes, scripts, frames,
 * forms, SVG and the like go with their content, comments go, and every open element is
 * closed. The output is safe to insert into a page, and sanitizing it again changes nothing. The
 * tree is built as the TypeScript sanitizer builds it (`HtmlTree`), so the output is the same
 * bytes in every language, in time linear in the input whatever it holds
 * (packages/contract/vectors/sanitize-pathological.json). Written on PHP's string functions
 * alone: no ext-dom or libxml needed.
 *
 * @example
 * $safe = (new HtmlSanitizer())->sanitize('<p onclick="x()">Hi<script>alert(1)</script></p>');
 * // '<p>Hi</p>'
 */
final class HtmlSanitizer implements HtmlTreeSink
{
    /** Void elements, written `<br />` without an end tag. */
    private const VOID = [
        'area' => true, 'base' => true, 'br' => true, 'col' => true, 'embed' => true, 'hr' => true,
        'img' => true, 'input' => true, 'link' => true, 'meta' => true, 'source' => true, 'track' => true,
        'wbr' => true,
    ];
    private const TEXT_ESCAPES = ['&' => '&amp;', '<' => '&lt;', '>' => '&gt;'];
    private const ATTRIBUTE_ESCAPES = ['&' => '&amp;', '<' => '&lt;', '>' => '&gt;', '"' => '&quot;'];
    /** What happens to an open element's tags and content. */
    private const KEPT = 1;
    private const DROPS = 2;
    private const UNWRAPPED = 3;

    /** @var array<string, true> */
    private array $tags;
    /** @var array<string, array<string, true>> */
    private array $attributes;
    /** @var array<string, true> */
    private array $urlAttributes;
    /** @var array<string, true> */
    private array $urlSchemes;
    /** @var array<string, true> */
    private array $dropped;
    /** @var array<string, true> */
    private array $sameContextTargets;
    /** @var list<string> */
    private array $addRel;
    private string $out = '';
    /** @var list<int> per open element, innermost last: KEPT, DROPS or UNWRAPPED */
    private array $elements = [];
    private int $dropping = 0;

    /**
     * @example
     * $sanitizer = new HtmlSanitizer(); // the server's allow-list
     *
     * @param array<string, mixed>|null $rules an allow-list shaped like html-allow-list.json;
     *     null for the one generated from the contract
     */
    public function __construct(?array $rules = null)
    {
        $rules ??= HtmlAllowList::RULES;
        $set = static fn (array $names): array => array_fill_keys(array_map('strtolower', $names), true);
        $this->tags = $set($rules['tags'] ?? []);
        $this->attributes = array_map($set, $rules['attributes'] ?? []);
        $this->urlAttributes = $set($rules['url_attributes'] ?? []);
        $this->urlSchemes = $set($rules['url_schemes'] ?? []);
        $this->dropped = $set($rules['dropped_with_content'] ?? []);
        $this->sameContextTargets = $set($rules['new_window_link']['same_context_targets'] ?? []);
        $this->addRel = array_values($rules['new_window_link']['add_rel'] ?? []);
    }

    /**
     * The HTML with only what the allow-list keeps.
     *
     * @example
     * echo (new HtmlSanitizer())->sanitize('<a href="javascript:alert(1)" target="_blank">x</a>');
     * // <a target="_blank" rel="noopener noreferrer">x</a>
     */
    public function sanitize(string $html): string
    {
        [$this->out, $this->elements, $this->dropping] = ['', [], 0];
        HtmlTree::build($html, $this);
        $out = $this->out;
        $this->out = '';
        return $out;
    }

    /** @internal an event of `HtmlTree` */
    public function unwrapped(string $name): bool
    {
        return !isset($this->tags[$name]) && !isset($this->dropped[$name]);
    }

    /**
     * @internal an event of `HtmlTree`
     * @param array<string, string> $attributes
     */
    public function open(string $name, array $attributes): void
    {
        if (isset($this->dropped[$name])) {
            $this->elements[] = self::DROPS;
            $this->dropping++;
        } elseif ($this->dropping === 0 && isset($this->tags[$name])) {
            $this->elements[] = self::KEPT;
            $void = isset(self::VOID[$name]);
            $written = $attributes === [] ? '' : $this->attributesOf($name, $attributes);
            $this->out .= '<' . $name . $written . ($void ? ' />' : '>');
        } else {
            $this->elements[] = self::UNWRAPPED;
        }
    }

    /** @internal an event of `HtmlTree` */
    public function close(string $name): void
    {
        $element = array_pop($this->elements);
        if ($element === self::DROPS) {
            $this->dropping--;
        } elseif ($element === self::KEPT && !isset(self::VOID[$name])) {
            $this->out .= '</' . $name . '>';
        }
    }

    /** @internal an event of `HtmlTree` */
    public function text(string $text): void
    {
        if ($this->dropping === 0) {
            $this->out .= strtr($text, self::TEXT_ESCAPES);
        }
    }

    /** @param array<string, string> $attributes decoded values, in the order received */
    private function attributesOf(string $tag, array $attributes): string
    {
        $allowed = $this->attributes[$tag] ?? [];
        // HTML compares these keywords in ASCII lower case, untrimmed: ` _self` names a new window.
        $target = strtolower($attributes['target'] ?? '');
        if ($tag === 'a' && $target !== '' && !isset($this->sameContextTargets[$target]) && $this->addRel !== []) {
            $rel = preg_split('/[ \t\n\f\r]+/', strtolower($attributes['rel'] ?? ''), -1, PREG_SPLIT_NO_EMPTY) ?: [];
            $attributes['rel'] = implode(' ', array_keys(array_fill_keys([...$rel, ...$this->addRel], true)));
        }
        $written = '';
        foreach ($attributes as $name => $value) {
            $name = (string) $name;
            // An empty URL (`href=""`, a bare `href`) points nowhere: removed, as the service does.
            if (!isset($allowed[$name])) {
                continue;
            }
            if (isset($this->urlAttributes[$name]) && ($value === '' || !$this->isAllowedUrl($value))) {
                continue;
            }
            $written .= ' ' . $name . '="' . strtr($value, self::ATTRIBUTE_ESCAPES) . '"';
        }
        return $written;
    }

    private function isAllowedUrl(string $value): bool
    {
        $compact = self::withoutUrlComments((string) preg_replace('/[\x00-\x20]+/', '', $value));
        if (preg_match('/^([A-Za-z][A-Za-z0-9+.\-]*):/', $compact, $match) === 1) {
            return isset($this->urlSchemes[strtolower($match[1])]);
        }
        // `//host` and `\\host` leave the site without naming a scheme.
        return preg_match('#^[/\\\\]{2}#', $compact) !== 1;
    }

    /**
     * `$value` without its `<!--…-->` comments, removed as the service removes them: the first
     * `<!--` through the first `-->` after it, then again, since removing one can form another
     * (`<!-<!---->--->`). One pass: the kept text only grows or loses a comment's start, and every
     * search moves forward, so the time is linear whatever the input.
     *
     * @example
     * HtmlSanitizer::withoutUrlComments('java<!-<!---->--->script:'); // 'javascript:'
     */
    public static function withoutUrlComments(string $value): string
    {
        if (!str_contains($value, '<!--')) {
            return $value;
        }
        // What is kept, as [start, end) byte ranges of `$value`: dropping a comment's start from
        // the end shortens the last ones, instead of copying the kept text.
        $kept = [];
        $index = 0;
        while (true) {
            // A comment may start in the last bytes kept and end in what follows (`<!-` + `-->`).
            $tail = self::keptTail($value, $kept);
            $start = 0;
            foreach ([3, 2, 1] as $size) {
                $ends = str_ends_with($tail, substr('<!--', 0, $size));
                if ($ends && substr_compare($value, substr('<!--', $size), $index, 4 - $size) === 0) {
                    $start = $size;
                    break;
                }
            }
            if ($start > 0) {
                $end = strpos($value, '-->', $index + 4 - $start);
                if ($end === false) {
                    break;
                }
                self::dropKeptEnd($kept, $start);
            } else {
                $opening = strpos($value, '<!--', $index);
                $end = $opening === false ? false : strpos($value, '-->', $opening + 4);
                if ($end === false) {
                    break; // an unterminated comment stays, and so does everything after it
                }
                if ($opening > $index) {
                    $kept[] = [$index, $opening];
                }
            }
            $index = $end + 3;
        }
        $kept[] = [$index, \strlen($value)];
        $slice = static fn (array $range): string => substr($value, $range[0], $range[1] - $range[0]);
        return implode('', array_map($slice, $kept));
    }

    /**
     * The last three bytes kept (fewer when less is kept).
     *
     * @param list<array{0: int, 1: int}> $kept
     */
    private static function keptTail(string $value, array $kept): string
    {
        $tail = '';
        for ($last = \count($kept) - 1; $last >= 0 && \strlen($tail) < 3; $last--) {
            [$from, $to] = $kept[$last];
            $from = max($from, $to - 3 + \strlen($tail));
            $tail = substr($value, $from, $to - $from) . $tail;
        }
        return $tail;
    }

    /**
     * Drops the last `$size` bytes kept.
     *
     * @param list<array{0: int, 1: int}> $kept
     */
    private static function dropKeptEnd(array &$kept, int $size): void
    {
        while ($size > 0) {
            $last = \count($kept) - 1;
            $length = $kept[$last][1] - $kept[$last][0];
            if ($length > $size) {
                $kept[$last][1] -= $size;
                return;
            }
            $size -= $length;
            array_pop($kept);
        }
    }
}
