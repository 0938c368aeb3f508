<?php

declare(strict_types=1);

namespace Rankquill\Tests;

use PHPUnit\Framework\TestCase;

/**
 * Every public method, parameter and property of the library declares its type (a return type
 * on every method but constructors), and every file declares strict types.
 */
final class DeclaredTypesTest extends TestCase
{
    /** @return list<class-string> */
    private static function libraryClasses(): array
    {
        $root = \dirname(__DIR__);
        $classes = [];
        foreach (['src', 'generated'] as $folder) {
            $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator("{$root}/{$folder}"));
            foreach ($files as $file) {
                if ($file->getExtension() !== 'php') {
                    continue;
                }
                $relative = substr($file->getPathname(), \strlen("{$root}/{$folder}/"), -4);
                $classes[] = 'Rankquill\\' . str_replace('/', '\\', $relative);
            }
        }
        sort($classes);
        return $classes;
    }

    public function testEveryFileDeclaresStrictTypes(): void
    {
        $root = \dirname(__DIR__);
        $files = array_merge(
            [$root . '/init.php'],
            glob("{$root}/bench/*.php") ?: [],
            iterator_to_array(new \RegexIterator(
                new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($root, \FilesystemIterator::SKIP_DOTS)),
                '#/(src|generated|tests)/.+\.php$#',
            ), false),
        );
        $this->assertGreaterThan(100, \count($files));
        foreach ($files as $file) {
            $this->assertStringContainsString(
                "\ndeclare(strict_types=1);\n",
                (string) file_get_contents((string) $file),
                (string) $file,
            );
        }
    }

    public function testEveryPublicMethodParameterAndPropertyHasADeclaredType(): void
    {
        $untyped = [];
        $classes = self::libraryClasses();
        $this->assertGreaterThan(80, \count($classes));
        foreach ($classes as $class) {
            $reflection = new \ReflectionClass($class);
            foreach ($reflection->getMethods(\ReflectionMethod::IS_PUBLIC) as $method) {
                if ($method->getDeclaringClass()->getName() !== $class || $method->isInternal()) {
                    continue;
                }
                if (!$method->isConstructor() && !$method->hasReturnType() && !$method->hasTentativeReturnType()) {
                    $untyped[] = "{$class}::{$method->getName()}() returns no declared type";
                }
                foreach ($method->getParameters() as $parameter) {
                    if (!$parameter->hasType()) {
                        $untyped[] = "{$class}::{$method->getName()}() \${$parameter->getName()}";
                    }
                }
            }
            foreach ($reflection->getProperties(\ReflectionProperty::IS_PUBLIC) as $property) {
                if ($property->getDeclaringClass()->getName() === $class && !$property->hasType()) {
                    $untyped[] = "{$class}::\${$property->getName()}";
                }
            }
        }
        $this->assertSame([], $untyped);
    }
}
