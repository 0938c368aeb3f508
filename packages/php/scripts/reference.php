<?php

declare(strict_types=1);

/*
 * Writes the PHP API reference as Markdown pages for the documentation site (`pnpm docs:build`),
 * from the docblocks, read through PHP's reflection: every class, interface and enum of src/ and
 * generated/ and their public methods, with the signatures PHP itself reports. A warning fails the
 * run (exit 1): a public class or method without a docblock, or a hand-written one without an
 * `@example`. The generated models (generated/Model) need a docblock, not an example. Not public:
 * the Rankquill\Internal namespace, anything tagged `@internal`, constructors (documented by their
 * class's example) and the methods of PHP's own interfaces (ArrayAccess, JsonSerializable, ...).
 *
 *   php scripts/reference.php OUT_DIR   # writes OUT_DIR/index.md, services.md, webhooks.md, testing.md, models.md
 *   php scripts/reference.php --check   # only the warnings, as tests/DocCommentsTest.php runs it
 */

namespace Rankquill\Reference;

require_once \dirname(__DIR__) . '/init.php';

const PAGES = [
    'index' => 'PHP: rankquill/rankquill',
    'services' => 'PHP: the services of the client',
    'webhooks' => 'PHP: Rankquill\Webhooks',
    'testing' => 'PHP: Rankquill\Testing',
    'models' => 'PHP: Rankquill\Model',
];

/** The page a class goes on. */
function pageOf(string $class): string
{
    return match (true) {
        str_starts_with($class, 'Rankquill\Service\\') => 'services',
        str_starts_with($class, 'Rankquill\Webhooks\\') => 'webhooks',
        str_starts_with($class, 'Rankquill\Testing\\') => 'testing',
        str_starts_with($class, 'Rankquill\Model\\') => 'models',
        default => 'index',
    };
}

/** @return list<class-string> every class, interface, trait and enum of src/ and generated/, by name */
function classes(string $package): array
{
    $names = [];
    foreach (['src', 'generated'] as $folder) {
        $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator("{$package}/{$folder}"));
        foreach ($files as $file) {
            if ($file->getExtension() !== 'php') {
                continue;
            }
            $relative = substr($file->getPathname(), \strlen("{$package}/{$folder}/"), -4);
            $name = 'Rankquill\\' . str_replace('/', '\\', $relative);
            if (class_exists($name) || interface_exists($name) || trait_exists($name) || enum_exists($name)) {
                $names[] = $name;
            }
        }
    }
    sort($names);
    return $names;
}

function isInternal(string|false $docblock): bool
{
    return $docblock !== false && preg_match('/@internal\b/', $docblock) === 1;
}

/** The docblock as Markdown: the text, then its @param, @return, @throws and @example tags. */
function markdownOf(string|false $docblock): string
{
    if ($docblock === false) {
        return '';
    }
    $lines = array_map(
        static fn (string $line): string => preg_replace('#^\s*\*( |$)#', '', $line) ?? $line,
        \array_slice(explode("\n", $docblock), 1, -1),
    );
    $text = [];
    $tags = [];
    foreach ($lines as $line) {
        if (preg_match('/^@(\w+)\s*(.*)$/', $line, $match) === 1) {
            $tags[] = [$match[1], [$match[2]]];
        } elseif ($tags !== []) {
            $tags[\count($tags) - 1][1][] = $line;
        } else {
            $text[] = $line;
        }
    }
    $out = [trim(implode("\n", $text))];
    foreach ($tags as [$tag, $body]) {
        $content = rtrim(implode("\n", $body));
        if ($tag === 'example') {
            $out[] = "**Example**\n\n```php\n" . trim($content, "\n") . "\n```";
        } elseif (\in_array($tag, ['param', 'return', 'throws'], true)) {
            $out[] = '- **' . ['param' => 'Parameter', 'return' => 'Returns', 'throws' => 'Throws'][$tag] . '** '
                . (preg_replace('/\s+/', ' ', $content) ?? $content);
        }
    }
    return implode("\n\n", array_filter($out, static fn (string $part): bool => $part !== ''));
}

function signatureOf(\ReflectionMethod $method): string
{
    $parameters = array_map(static function (\ReflectionParameter $parameter): string {
        $type = $parameter->getType();
        $text = ($type === null ? '' : "{$type} ") . ($parameter->isVariadic() ? '...' : '')
            . '$' . $parameter->getName();
        if ($parameter->isDefaultValueAvailable()) {
            $text .= ' = ' . ($parameter->isDefaultValueConstant()
                ? $parameter->getDefaultValueConstantName()
                : var_export($parameter->getDefaultValue(), true));
        }
        return $text;
    }, $method->getParameters());
    $return = $method->getReturnType();
    return ($method->isStatic() ? 'static ' : '') . 'function ' . $method->getName() . '('
        . preg_replace('/\s+/', ' ', implode(', ', $parameters)) . ')' . ($return === null ? '' : ": {$return}");
}

/** Methods of PHP's own interfaces that the class implements: documented by PHP. */
function builtInInterfaceMethods(\ReflectionClass $class): array
{
    $names = [];
    foreach ($class->getInterfaces() as $interface) {
        if ($interface->isInternal()) {
            foreach ($interface->getMethods() as $method) {
                $names[] = $method->getName();
            }
        }
    }
    return $names;
}

/** @return array{pages: array<string, list<string>>, warnings: list<string>, checked: int} */
function build(string $package): array
{
    $pages = array_map(static fn (string $title): array => ["# {$title}", ''], PAGES);
    $warnings = [];
    $checked = 0;
    $check = static function (string $name, string|false $docblock, bool $generated) use (&$warnings, &$checked): void {
        $checked++;
        if ($docblock === false || trim((string) preg_replace('#^/\*\*|\*/$|^\s*\*#m', '', $docblock)) === '') {
            $warnings[] = "{$name} has no docblock";
        } elseif (!$generated && preg_match('/@example\b/', $docblock) !== 1) {
            $warnings[] = "{$name} has a docblock without an @example";
        }
    };
    foreach (classes($package) as $name) {
        $class = new \ReflectionClass($name);
        if (str_starts_with($name, 'Rankquill\Internal\\') || isInternal($class->getDocComment())) {
            continue;
        }
        $generated = str_starts_with((string) $class->getFileName(), "{$package}/generated/");
        $check($name, $class->getDocComment(), $generated);
        $kind = match (true) {
            $class->isInterface() => 'interface',
            $class->isEnum() => 'enum',
            $class->isTrait() => 'trait',
            default => 'class',
        };
        $page = &$pages[pageOf($name)];
        $intro = markdownOf($class->getDocComment());
        array_push($page, '## ' . $class->getShortName(), '', "`{$kind} {$name}`", '', $intro, '');
        $skipped = builtInInterfaceMethods($class);
        foreach ($class->getMethods(\ReflectionMethod::IS_PUBLIC) as $method) {
            if (
                $method->getDeclaringClass()->getName() !== $name || $method->isConstructor()
                || str_starts_with($method->getName(), '__') || \in_array($method->getName(), $skipped, true)
                || isInternal($method->getDocComment())
            ) {
                continue;
            }
            $check("{$name}::{$method->getName()}()", $method->getDocComment(), $generated);
            array_push(
                $page,
                '### ' . $class->getShortName() . '::' . $method->getName(),
                '',
                "```php\n" . signatureOf($method) . "\n```",
                '',
                markdownOf($method->getDocComment()),
                '',
            );
        }
        unset($page);
    }
    return ['pages' => $pages, 'warnings' => $warnings, 'checked' => $checked];
}

if (realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    $result = build(\dirname(__DIR__));
    $out = $argv[1] ?? '--check';
    if ($out !== '--check') {
        @mkdir($out, 0777, true);
        foreach ($result['pages'] as $name => $lines) {
            file_put_contents("{$out}/{$name}.md", implode("\n", $lines) . "\n");
        }
    }
    foreach ($result['warnings'] as $warning) {
        fwrite(STDERR, "warning: {$warning}\n");
    }
    fwrite(STDERR, "php reference: {$result['checked']} symbols, " . \count($result['warnings']) . " warnings\n");
    exit($result['warnings'] === [] ? 0 : 1);
}
