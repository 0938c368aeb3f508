<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * Splits HTML into start tags, end tags and text by the rules of
 * packages/contract/vectors/README.md ("Sanitizing"), the TypeScript sanitizer's
 * (packages/webhooks/src/html/html-tokenizer.ts): comments (`<!-->` and `<!--->` included),
 * CDATA, doctypes, processing instructions and bogus comments are dropped, raw-text elements hold
 * text up to their own end tag, `<plaintext>` makes the rest text, and a tag or comment the input
 * ends in is dropped. It reads bytes (every delimiter is ASCII) and every search moves forward,
 * so it takes time linear in the input.
 *
 * @example
 * (new HtmlTokenizer('<p class=x>a &amp; b', $handler))->run(); // startTag('p', ['class' => 'x']), text('a & b')
 *
 * @internal
 */
final class HtmlTokenizer
{
    /** Elements whose content is text up to their own end tag; title and textarea decode references. */
    private const RAW_TEXT = [
        'script' => false, 'style' => false, 'xmp' => false, 'iframe' => false, 'noembed' => false,
        'noframes' => false, 'title' => true, 'textarea' => true,
    ];
    private const WHITESPACE = "\t\n\f\r ";
    /** A tag without attributes (`<p>`, `<br/>`, `</p>`): most tags, read in one step. */
    private const SIMPLE_TAG = '~\G([A-Za-z][^\t\n\f\r />]*+)(/?)>~';

    private int $index = 0;
    private int $textStart = 0;
    private readonly int $length;

    public function __construct(private readonly string $html, private readonly HtmlTokenHandler $handler)
    {
        $this->length = \strlen($html);
    }

    public function run(): void
    {
        $html = $this->html;
        while (($lt = strpos($html, '<', $this->index)) !== false) {
            $following = $html[$lt + 1] ?? '';
            if (ctype_alpha($following)) {
                $goesOn = $this->startTag($lt);
            } elseif ($following === '/') {
                $goesOn = $this->endTag($lt);
            } elseif ($following === '!') {
                $goesOn = $this->markupDeclaration($lt);
            } elseif ($following === '?') {
                $goesOn = $this->skipTo($lt, strpos($html, '>', $lt + 2), 1);
            } else {
                $this->index = $lt + 1; // a `<` that starts nothing is text
                $goesOn = true;
            }
            if (!$goesOn) {
                return;
            }
        }
        $this->flushText($this->length);
    }

    /** Reports the text before `$end` and moves on to `$resume`. */
    private function flushText(int $end, ?int $resume = null): void
    {
        if ($end > $this->textStart) {
            $text = substr($this->html, $this->textStart, $end - $this->textStart);
            $this->handler->text(HtmlCharacterReferences::decode($text, false));
        }
        $this->index = $this->textStart = $resume ?? $end;
    }

    /** Drops the markup from `$lt` through `$end` (plus `$size` bytes); false when it runs out. */
    private function skipTo(int $lt, int|false $end, int $size): bool
    {
        $this->flushText($lt, $end === false ? $this->length : $end + $size);
        return $end !== false;
    }

    private function startTag(int $lt): bool
    {
        $foreign = $this->handler->inForeignContent();
        $tag = $this->readTag($lt + 1);
        $this->flushText($lt, $tag['end'] ?? $this->length);
        if ($tag === null) {
            return false;
        }
        $this->handler->startTag($tag['name'], $tag['attributes'], $tag['selfClosing']);
        if ($foreign) {
            return true;
        }
        if ($tag['name'] === 'plaintext') {
            if ($tag['end'] < $this->length) {
                $this->handler->text(substr($this->html, $tag['end']));
            }
            return false;
        }
        if (isset(self::RAW_TEXT[$tag['name']])) {
            $this->rawText($tag['name'], $tag['end']);
        }
        return true;
    }

    /** Text up to `</name` followed by a space, `/` or `>` (its end tag is read next), or to the end. */
    private function rawText(string $name, int $start): void
    {
        $found = preg_match('~</' . $name . '(?=[\t\n\f\r />])~i', $this->html, $match, PREG_OFFSET_CAPTURE, $start);
        $end = $found === 1 ? $match[0][1] : $this->length;
        if ($end > $start) {
            $text = substr($this->html, $start, $end - $start);
            $this->handler->text(self::RAW_TEXT[$name] ? HtmlCharacterReferences::decode($text, false) : $text);
        }
        $this->index = $this->textStart = $end;
    }

    private function endTag(int $lt): bool
    {
        $first = $this->html[$lt + 2] ?? '';
        if ($first === '') {
            $this->index = $lt + 2; // `</` at the very end is text
            return true;
        }
        if ($first === '>') {
            return $this->skipTo($lt, $lt + 2, 1); // `</>` is nothing
        }
        if (!ctype_alpha($first)) {
            return $this->skipTo($lt, strpos($this->html, '>', $lt + 2), 1); // a bogus comment
        }
        $tag = $this->readTag($lt + 2);
        $this->flushText($lt, $tag['end'] ?? $this->length);
        if ($tag !== null) {
            $this->handler->endTag($tag['name']);
        }
        return $tag !== null;
    }

    private function markupDeclaration(int $lt): bool
    {
        $html = $this->html;
        if (substr_compare($html, '<!--', $lt, 4) === 0) {
            $start = $lt + 4;
            // `<!-->` and `<!--->` are empty comments.
            if (($html[$start] ?? '') === '>') {
                return $this->skipTo($lt, $start, 1);
            }
            if (substr($html, $start, 2) === '->') {
                return $this->skipTo($lt, $start + 1, 1);
            }
            if (preg_match('/--!?>/', $html, $match, PREG_OFFSET_CAPTURE, $start) !== 1) {
                return $this->skipTo($lt, false, 0);
            }
            return $this->skipTo($lt, $match[0][1], \strlen($match[0][0]));
        }
        if (substr_compare($html, '<![CDATA[', $lt, 9) === 0) {
            $end = strpos($html, ']]>', $lt + 9);
            if ($end !== false && $end > $lt + 9 && $this->handler->inForeignContent()) {
                $this->flushText($lt, $lt);
                $this->handler->text(substr($html, $lt + 9, $end - $lt - 9));
            }
            return $this->skipTo($lt, $end, 3);
        }
        return $this->skipTo($lt, strpos($html, '>', $lt + 2), 1);
    }

    /**
     * The tag whose name starts at `$start` (after `<` or `</`): its lower-case name, its
     * attributes (values decoded, the first of duplicates kept), whether it ends in `/>`, and
     * where it ends; null when the input ends first.
     *
     * @return array{name: string, attributes: array<string, string>, selfClosing: bool, end: int}|null
     */
    private function readTag(int $start): ?array
    {
        $html = $this->html;
        if (preg_match(self::SIMPLE_TAG, $html, $simple, 0, $start) === 1) {
            $end = $start + \strlen($simple[0]);
            $name = strtolower($simple[1]);
            return ['name' => $name, 'attributes' => [], 'selfClosing' => $simple[2] === '/', 'end' => $end];
        }
        $index = $start + strcspn($html, self::WHITESPACE . '/>', $start);
        $name = strtolower(substr($html, $start, $index - $start));
        $attributes = [];
        while (true) {
            $index += strspn($html, self::WHITESPACE, $index);
            if ($index >= $this->length) {
                return null;
            }
            $character = $html[$index];
            if ($character === '>') {
                return ['name' => $name, 'attributes' => $attributes, 'selfClosing' => false, 'end' => $index + 1];
            }
            if ($character === '/') {
                if (($html[$index + 1] ?? '') === '>') {
                    return ['name' => $name, 'attributes' => $attributes, 'selfClosing' => true, 'end' => $index + 2];
                }
                $index++;
                continue;
            }
            // An attribute: its name may start with `=`, and ends at a space, `/`, `>` or `=`.
            $nameEnd = $index + 1 + strcspn($html, self::WHITESPACE . '/>=', $index + 1);
            $attribute = strtolower(substr($html, $index, $nameEnd - $index));
            $index = $nameEnd + strspn($html, self::WHITESPACE, $nameEnd);
            if ($index >= $this->length) {
                return null;
            }
            $value = '';
            if ($html[$index] === '=') {
                $index += 1 + strspn($html, self::WHITESPACE, $index + 1);
                $quote = $html[$index] ?? '';
                if ($quote === '') {
                    return null;
                }
                if ($quote === '"' || $quote === "'") {
                    $close = strpos($html, $quote, $index + 1);
                    if ($close === false) {
                        return null;
                    }
                    $value = substr($html, $index + 1, $close - $index - 1);
                    $index = $close + 1;
                } else {
                    $valueEnd = $index + strcspn($html, self::WHITESPACE . '>', $index);
                    if ($valueEnd >= $this->length) {
                        return null;
                    }
                    $value = substr($html, $index, $valueEnd - $index);
                    $index = $valueEnd;
                }
                $value = HtmlCharacterReferences::decode($value, true);
            }
            $attributes[$attribute] ??= $value;
        }
    }
}
