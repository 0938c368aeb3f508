<?php

declare(strict_types=1);

namespace Rankquill\Tests\Webhooks;

use PHPUnit\Framework\TestCase;
use Rankquill\Tests\Support\Vectors;
use Rankquill\Webhooks\HtmlAllowList;
use Rankquill\Webhooks\HtmlSanitizer;

final class HtmlSanitizerTest extends TestCase
{
    /** @return array<string, array{array<string, mixed>}> */
    public function sanitizeCases(): array
    {
        return Vectors::rows(Vectors::load('sanitize')['cases']);
    }

    /**
     * @dataProvider sanitizeCases
     * @param array<string, mixed> $case
     */
    public function testSanitizesAsTheSharedVectorsSay(array $case): void
    {
        $sanitizer = new HtmlSanitizer();
        $output = $sanitizer->sanitize($case['html']);
        $this->assertSame($case['output'], $output, 'byte for byte the output of every other language');
        foreach ($case['contains'] as $fragment) {
            $this->assertStringContainsString($fragment, $output);
        }
        foreach ($case['not_contains'] as $fragment) {
            $this->assertStringNotContainsString($fragment, strtolower($output));
        }
        $this->assertSame($output, $sanitizer->sanitize($output), 'sanitizing again changes nothing');
    }

    public function testAppliesTheAllowListOfTheContract(): void
    {
        $this->assertSame(Vectors::load('html-allow-list'), HtmlAllowList::RULES);
    }

    public function testKeepsHtmlThatFollowsTheRulesUnchanged(): void
    {
        $html = '<h2>Ratio</h2><p>Use <a href="https://example.com/a?b=1&amp;c=2" title="A &quot;guide&quot;">1:8</a>'
            . ' &amp; wait &lt;24 h&gt;.<br /><img src="/img/brew.png" alt="Brew" /></p><ul><li>café</li></ul>';
        $this->assertSame($html, (new HtmlSanitizer())->sanitize($html));
    }

    public function testRandomMarkupComesOutWithOnlyAllowedTagsAttributesAndUrlsAndIsStable(): void
    {
        $pieces = [
            '<p>', '</p>', '<a href="', 'javascript:', '">', '<script>', '</script>', '<!--', '-->', '<b>', '</b',
            '&#106;', '&amp', '"', "'", '<img src=x onerror=alert(1)>', '<svg>', '</svg>', '<style>', '<', '>', '=',
            ' ', 'text', '<a target=_blank rel="x">', '</a>', '<![CDATA[', ']]>', '<br/>', '<textarea>', '</textarea>',
            "\0", '&lt;', '<table><tr><td>', '</td>', '<!doctype html>', '<?php ?>', '</ x>', '<a href=//evil>',
            '<A HREF="  JAVA', 'SCRIPT:x">', '<td>', '<li>', '<math>', '<iframe src=x>',
        ];
        $rules = HtmlAllowList::RULES;
        $sanitizer = new HtmlSanitizer();
        mt_srand(20260101);
        for ($run = 0; $run < 3000; $run++) {
            $input = '';
            for ($count = mt_rand(1, 25); $count > 0; $count--) {
                $input .= $pieces[mt_rand(0, \count($pieces) - 1)];
            }
            $output = $sanitizer->sanitize($input);
            $this->assertSame($output, $sanitizer->sanitize($output), "not stable for {$input}");
            preg_match_all('/<\/?([a-z0-9]+)([^>]*)>/', $output, $tags, PREG_SET_ORDER);
            foreach ($tags as [, $tag, $attributes]) {
                $this->assertContains($tag, $rules['tags'], $input);
                $rest = (string) preg_replace(['/\s[a-z]+="[^"]*"/', '# /$#'], '', $attributes); // void: ` />`
                $this->assertSame('', trim($rest), $input);
                preg_match_all('/\s([a-z]+)="([^"]*)"/', $attributes, $pairs, PREG_SET_ORDER);
                foreach ($pairs as [, $name, $value]) {
                    $this->assertContains($name, $rules['attributes'][$tag] ?? [], $input);
                    $url = (string) preg_replace(
                        '/[\x00-\x20]/',
                        '',
                        html_entity_decode($value, ENT_QUOTES | ENT_HTML5),
                    );
                    if (\in_array($name, $rules['url_attributes'], true)) {
                        $this->assertDoesNotMatchRegularExpression(
                            '#^(javascript|data|vbscript):|^[/\\\\]{2}#i',
                            $url,
                            $input,
                        );
                    }
                }
            }
        }
    }
}
