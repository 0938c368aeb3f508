<?php

declare(strict_types=1);

namespace Rankquill\Webhooks;

/**
 * Decodes character references as HTML does (packages/contract/vectors/README.md): numeric ones
 * with or without `;`, named ones with `;` (the WHATWG table, through `html_entity_decode`), and
 * the legacy names (`&amp`, `&copy`, `&not` in `&notit`) without it, except in an attribute
 * value when a letter, digit or `=` follows. One regular-expression pass: linear in the text.
 *
 * @internal
 */
final class HtmlCharacterReferences
{
    /** @var array<string, true>|null */
    private static ?array $legacyNames = null;

    /**
     * @example
     * HtmlCharacterReferences::decode('a &amp;&notit b', false); // 'a &¬it b'
     */
    public static function decode(string $text, bool $inAttribute): string
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
                    if (isset(self::legacyNames()[$prefix])) {
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
    private static function legacyNames(): array
    {
        return self::$legacyNames ??= array_fill_keys(LegacyEntities::NAMES, true);
    }
}
