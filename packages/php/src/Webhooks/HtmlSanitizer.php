<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * Sanitizes article HTML with the allow-list the Rankquill server applies on every write
 * (`HtmlAllowList`, generated from packages/contract/vectors/html-allow-list.json): only the
 * listed elements and attributes stay, URLs keep only the listed schemes, scripts, frames,
 * forms, SVG and the like go with their content, comments go, and every open element is
 * closed. The output is safe to insert into a page, and sanitizing it again changes nothing.
 * Written on PHP's string functions alone: no ext-dom or libxml needed.
 *
 * @example
 * $safe = (new HtmlSanitizer())->sanitize('<p onclick="x()">Hi<script>alert(1)</script></p>');
 * // '<p>Hi</p>'
 */
final class HtmlSanitizer
{
    /** Elements that never have content or an end tag. */
    private const VOID = [
        'area' => true, 'base' => true, 'br' => true, 'col' => true, 'embed' => true, 'hr' => true,
        'img' => true, 'input' => true, 'link' => true, 'meta' => true, 'param' => true,
        'source' => true, 'track' => true, 'wbr' => true,
    ];

    /** Elements whose content is text up to their end tag, never markup (HTML's raw text and RCDATA). */
    private const RAW_TEXT = [
        'script' => true, 'style' => true, 'xmp' => true, 'iframe' => true, 'noembed' => true,
        'noframes' => true, 'textarea' => true, 'title' => true,
    ];

    private const WHITESPACE = " \t\n\f\r";
    private const TEXT_ESCAPES = ['&' => '&amp;', '<' => '&lt;', '>' => '&gt;', "\0" => "\u{FFFD}"];
    private const ATTRIBUTE_ESCAPES = [
        '&' => '&amp;',
        '<' => '&lt;',
        '>' => '&gt;',
        '"' => '&quot;',
        "\0" => "\u{FFFD}",
    ];

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
    /** @var array<string, true>|null */
    private static ?array $legacyEntities = null;

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
        $length = \strlen($html);
        $out = '';
        /** @var list<string> $open kept elements not closed yet, outermost first */
        $open = [];
        /** @var array{0: string, 1: int}|null $dropping the element being dropped, and its nesting */
        $dropping = null;
        $position = 0;
        while ($position < $length) {
            $lt = strpos($html, '<', $position);
            $textEnd = $lt === false ? $length : $lt;
            if ($textEnd > $position && $dropping === null) {
                $out .= self::escapeText(self::decode(substr($html, $position, $textEnd - $position), false));
            }
            if ($lt === false) {
                break;
            }
            $next = $html[$lt + 1] ?? '';
            if ($next === '!' || $next === '?') {
                $position = self::skipMarkupDeclaration($html, $lt);
                continue;
            }
            if ($next === '/') {
                $after = $html[$lt + 2] ?? '';
                if (!ctype_alpha($after)) {
                    // `</>` is nothing; `</ x>` and the like are bogus comments up to `>`.
                    $close = strpos($html, '>', $lt + 2);
                    $position = $close === false ? $length : $close + 1;
                    continue;
                }
                $tag = self::readTag($html, $lt + 2);
                if ($tag === null) {
                    break; // an end tag cut off by the end of the input makes nothing
                }
                $position = $tag['end'];
                if ($dropping !== null) {
                    if ($tag['name'] === $dropping[0] && --$dropping[1] === 0) {
                        $dropping = null;
                    }
                    continue;
                }
                // As browsers read them: `</br>` is a `<br>`, a `</p>` with no open `<p>` an empty one.
                if ($tag['name'] === 'br' && isset($this->tags['br'])) {
                    $out .= '<br />';
                    continue;
                }
                if ($tag['name'] === 'p' && isset($this->tags['p']) && !HtmlImpliedEndTags::hasOpenP($open)) {
                    $out .= '<p></p>';
                    continue;
                }
                // The innermost open element of that name closes, with the ones inside it.
                $index = array_search($tag['name'], array_reverse($open, true), true);
                if ($index !== false) {
                    while (\count($open) > $index) {
                        $out .= '</' . array_pop($open) . '>';
                    }
                }
                continue;
            }
            if (!ctype_alpha($next)) {
                if ($dropping === null) {
                    $out .= '&lt;';
                }
                $position = $lt + 1;
                continue;
            }
            $tag = self::readTag($html, $lt + 1);
            if ($tag === null) {
                break; // a start tag cut off by the end of the input makes no element
            }
            $position = $tag['end'];
            $name = $tag['name'];
            if ($dropping === null) {
                for ($closing = HtmlImpliedEndTags::beforeStartTag($name, $open); $closing > 0; $closing--) {
                    $out .= '</' . array_pop($open) . '>';
                }
                if ($name === 'plaintext') {
                    // Everything after `<plaintext>` is text, character references included.
                    $out .= self::escapeText(substr($html, $position));
                    break;
                }
            }
            if (isset(self::RAW_TEXT[$name])) {
                $contentEnd = self::rawTextEnd($html, $position, $name);
                if ($dropping === null && !isset($this->dropped[$name])) {
                    $out .= self::escapeText(substr($html, $position, $contentEnd[0] - $position));
                }
                $position = $contentEnd[1];
                continue;
            }
            if ($dropping !== null) {
                if ($name === $dropping[0] && !$tag['selfClosing']) {
                    $dropping[1]++;
                }
                continue;
            }
            if (isset($this->dropped[$name])) {
                if (!$tag['selfClosing'] && !isset(self::VOID[$name])) {
                    $dropping = [$name, 1];
                }
                continue;
            }
            if (!isset($this->tags[$name])) {
                continue; // unwrapped: its content stays
            }
            // Void elements are written `<br />`, as every other language's sanitizer writes them.
            $void = isset(self::VOID[$name]);
            $out .= '<' . $name . $this->attributesOf($name, $tag['attributes']) . ($void ? ' />' : '>');
            if (!$void) {
                $open[] = $name;
            }
        }
        while ($open !== []) {
            $out .= '</' . array_pop($open) . '>';
        }
        return $out;
    }

    /**
     * @param list<array{0: string, 1: string}> $attributes name and raw value, in the order received
     */
    private function attributesOf(string $tag, array $attributes): string
    {
        $allowed = $this->attributes[$tag] ?? [];
        $kept = [];
        $seen = [];
        foreach ($attributes as [$name, $raw]) {
            // As browsers do, the first of duplicate attributes counts, even when it is dropped.
            if (!isset($allowed[$name]) || isset($seen[$name])) {
                continue;
            }
            $seen[$name] = true;
            $value = self::decode($raw, true);
            // An empty URL (`href=""`, a bare `href`) points nowhere: removed, as the service does.
            if (isset($this->urlAttributes[$name]) && ($value === '' || !$this->isAllowedUrl($value))) {
                continue;
            }
            $kept[$name] = $value;
        }
        $target = isset($kept['target']) ? strtolower(trim($kept['target'], self::WHITESPACE)) : '';
        if ($tag === 'a' && $target !== '' && !isset($this->sameContextTargets[$target]) && $this->addRel !== []) {
            $rel = preg_split('/[ \t\n\f\r]+/', strtolower($kept['rel'] ?? ''), -1, PREG_SPLIT_NO_EMPTY) ?: [];
            foreach ($this->addRel as $value) {
                if (!\in_array($value, $rel, true)) {
                    $rel[] = $value;
                }
            }
            $kept['rel'] = implode(' ', $rel);
        }
        $written = '';
        foreach ($kept as $name => $value) {
            $written .= ' ' . $name . '="' . strtr($value, self::ATTRIBUTE_ESCAPES) . '"';
        }
        return $written;
    }

    private function isAllowedUrl(string $value): bool
    {
        $compact = (string) preg_replace(['/<!--.*?-->/s', '/[\x00-\x20]+/'], '', $value);
        if (preg_match('/^([A-Za-z][A-Za-z0-9+.\-]*):/', $compact, $match) === 1) {
            return isset($this->urlSchemes[strtolower($match[1])]);
        }
        // `//host` and `\\host` leave the site without naming a scheme.
        return preg_match('#^[/\\\\]{2}#', $compact) !== 1;
    }

    /**
     * Reads a tag from just after `<` or `</`: its lower-case name, its attributes (name and raw
     * value), whether it ends in `/>`, and where it ends; null when the input ends first.
     *
     * @return array{name: string, attributes: list<array{0: string, 1: string}>, selfClosing: bool, end: int}|null
     */
    private static function readTag(string $html, int $at): ?array
    {
        $length = \strlen($html);
        $nameLength = strcspn($html, self::WHITESPACE . '/>', $at);
        $name = strtolower(substr($html, $at, $nameLength));
        $position = $at + $nameLength;
        $attributes = [];
        $selfClosing = false;
        while (true) {
            $position += strspn($html, self::WHITESPACE, $position);
            if ($position >= $length) {
                return null;
            }
            $char = $html[$position];
            if ($char === '>') {
                return [
                    'name' => $name,
                    'attributes' => $attributes,
                    'selfClosing' => $selfClosing,
                    'end' => $position + 1,
                ];
            }
            if ($char === '/') {
                $selfClosing = ($html[$position + 1] ?? '') === '>';
                $position++;
                continue;
            }
            $selfClosing = false;
            // An attribute name may start with `=`; it ends at space, `/`, `>` or `=`.
            $nameEnd = $position + 1 + strcspn($html, self::WHITESPACE . '/>=', $position + 1);
            $attribute = strtolower(substr($html, $position, $nameEnd - $position));
            $position = $nameEnd + strspn($html, self::WHITESPACE, $nameEnd);
            $value = '';
            if (($html[$position] ?? '') === '=') {
                $position++;
                $position += strspn($html, self::WHITESPACE, $position);
                $quote = $html[$position] ?? '';
                if ($quote === '"' || $quote === "'") {
                    $close = strpos($html, $quote, $position + 1);
                    if ($close === false) {
                        return null;
                    }
                    $value = substr($html, $position + 1, $close - $position - 1);
                    $position = $close + 1;
                } else {
                    $valueLength = strcspn($html, self::WHITESPACE . '>', $position);
                    $value = substr($html, $position, $valueLength);
                    $position += $valueLength;
                }
            } else {
                $position = $nameEnd;
            }
            $attributes[] = [$attribute, $value];
        }
    }

    /** Skips `<!--…-->`, `<![CDATA[…]]>`, `<!…>` and `<?…>`; answers where the input goes on. */
    private static function skipMarkupDeclaration(string $html, int $lt): int
    {
        $length = \strlen($html);
        if (substr_compare($html, '<!--', $lt, 4) === 0) {
            foreach (['<!-->' => 5, '<!--->' => 6] as $empty => $size) {
                if (substr_compare($html, $empty, $lt, $size) === 0) {
                    return $lt + $size;
                }
            }
            $ends = array_filter([strpos($html, '-->', $lt + 4), strpos($html, '--!>', $lt + 4)], 'is_int');
            if ($ends === []) {
                return $length;
            }
            $end = min($ends);
            return $end + ($html[$end + 2] === '!' ? 4 : 3);
        }
        if (substr_compare($html, '<![CDATA[', $lt, 9) === 0) {
            $end = strpos($html, ']]>', $lt + 9);
            return $end === false ? $length : $end + 3;
        }
        $end = strpos($html, '>', $lt + 2);
        return $end === false ? $length : $end + 1;
    }

    /**
     * Where the text of a raw text element ends (`</name`), and where the input goes on after
     * its end tag; the end of the input for both when it has none.
     *
     * @return array{0: int, 1: int}
     */
    private static function rawTextEnd(string $html, int $from, string $name): array
    {
        $length = \strlen($html);
        $search = $from;
        while (($close = stripos($html, '</' . $name, $search)) !== false) {
            $after = $html[$close + 2 + \strlen($name)] ?? '';
            if ($after === '' || strpbrk($after, self::WHITESPACE . '/>') !== false) {
                $tag = self::readTag($html, $close + 2);
                return [$close, $tag === null ? $length : $tag['end']];
            }
            $search = $close + 2;
        }
        return [$length, $length];
    }

    /** Text written as characters, with only `&`, `<` and `>` escaped (and NUL replaced, as HTML does). */
    private static function escapeText(string $text): string
    {
        return strtr($text, self::TEXT_ESCAPES);
    }

    /**
     * Decodes character references as HTML does: numeric ones with or without `;`, named ones
     * with `;`, and the legacy names (`&amp`, `&eacute`…) without it, except in an attribute
     * value when a letter, digit or `=` follows.
     */
    private static function decode(string $text, bool $inAttribute): string
    {
        if (!str_contains($text, '&')) {
            return $text;
        }
        return (string) preg_replace_callback(
            '/&(?:#([0-9]+);?|#[xX]([0-9A-Fa-f]+);?|([A-Za-z][A-Za-z0-9]*)(;?))(?=(=?))/',
            static function (array $match) use ($inAttribute): string {
                if (($match[1] ?? '') !== '') {
                    return self::character((int) min((float) $match[1], 0x110000));
                }
                if (($match[2] ?? '') !== '') {
                    return self::character(\strlen(ltrim($match[2], '0')) > 6 ? 0x110000 : (int) hexdec($match[2]));
                }
                [$whole, , , $name, $semicolon, $equals] = $match + [5 => ''];
                if ($semicolon === ';') {
                    $decoded = html_entity_decode("&{$name};", ENT_QUOTES | ENT_HTML5, 'UTF-8');
                    if ($decoded !== "&{$name};") {
                        return $decoded;
                    }
                }
                // Without `;`, the longest legacy name that starts the text counts.
                for ($size = min(\strlen($name), 6); $size >= 2; $size--) {
                    $prefix = substr($name, 0, $size);
                    if (isset(self::legacyEntities()[$prefix])) {
                        $rest = substr($name, $size) . $semicolon;
                        if ($inAttribute && preg_match('/^[A-Za-z0-9=]/', $rest . $equals) === 1) {
                            return $whole;
                        }
                        return html_entity_decode("&{$prefix};", ENT_QUOTES | ENT_HTML5, 'UTF-8') . $rest;
                    }
                }
                return $whole;
            },
            $text,
        );
    }

    /** A code point as UTF-8, with HTML's replacements for the ones a reference may not name. */
    private static function character(int $code): string
    {
        if ($code === 0 || $code > 0x10FFFF || ($code >= 0xD800 && $code <= 0xDFFF)) {
            return "\u{FFFD}";
        }
        // References to 0x80–0x9F name the windows-1252 characters, as browsers read them.
        if ($code >= 0x80 && $code <= 0x9F) {
            $windows1252 = mb_convert_encoding(\chr($code), 'UTF-8', 'Windows-1252');
            return $windows1252 !== '?' ? $windows1252 : mb_chr($code, 'UTF-8');
        }
        return (string) mb_chr($code, 'UTF-8');
    }

    /** @return array<string, true> the names HTML decodes without a `;` */
    private static function legacyEntities(): array
    {
        return self::$legacyEntities ??= array_fill_keys(LegacyEntities::NAMES, true);
    }
}
