<?php

declare(strict_types=1);

namespace Rankquill;

/**
 * Base of every data object: the API's fields as typed public properties with their wire names
 * (`$project->public_api_key`), also readable as an array (`$project['public_api_key']`),
 * iterable, countable and JSON-serializable. Fields a newer server adds (or a value of another
 * type than this version expects) are kept and read the same way, so they never break a client.
 *
 * @example
 * $project = $client->projects->retrieve('proj_123');
 * echo $project->name, $project['domain'];
 * $fields = $project->toArray();
 *
 * @implements \ArrayAccess<string, mixed>
 * @implements \IteratorAggregate<string, mixed>
 */
abstract class RankquillObject implements \ArrayAccess, \JsonSerializable, \IteratorAggregate, \Countable
{
    /**
     * Declared fields, each with the model it holds: a class, `[Class]` for a list of them or
     * `['*' => Class]` for a map of them, or null for plain values. Generated per model.
     *
     * @var array<string, class-string<RankquillObject>|array<int|string, class-string<RankquillObject>>|null>
     */
    protected const FIELDS = [];

    /** @var array<string, mixed> fields this class does not declare, or could not hold in its typed property */
    private array $otherFields = [];
    /** @var array<string, true> declared fields whose property is unset: absent, or of another type */
    private array $unsetFields = [];
    /** @var array<string, bool> per `Class::field`, whether the property takes null */
    private static array $nullable = [];

    /**
     * Builds the object from decoded JSON. Nested objects become their models; absent fields
     * read as null.
     *
     * @param array<string, mixed> $values
     */
    final public function __construct(array $values = [])
    {
        foreach (static::FIELDS as $name => $nested) {
            if (!\array_key_exists($name, $values)) {
                // An unset typed property sends reads and writes to __get and __set.
                unset($this->{$name});
                $this->unsetFields[$name] = true;
                continue;
            }
            $value = $nested === null ? $values[$name] : self::build($nested, $values[$name]);
            try {
                $this->{$name} = $value;
            } catch (\TypeError) {
                unset($this->{$name});
                $this->unsetFields[$name] = true;
                $this->otherFields[$name] = $value;
            }
        }
        $this->otherFields += \array_diff_key($values, static::FIELDS);
    }

    /**
     * Builds the object from decoded JSON (an associative array).
     *
     * @example
     * $project = Project::fromArray(['id' => 'proj_123', 'name' => 'Northwind']);
     *
     * @param array<string, mixed> $values
     */
    public static function fromArray(array $values): static
    {
        return new static($values);
    }

    /**
     * The fields as an associative array, nested objects included, as the API sent them.
     *
     * @example
     * file_put_contents('project.json', json_encode($project->toArray()));
     *
     * @return array<string, mixed>
     */
    public function toArray(): array
    {
        $present = \get_object_vars($this);
        $fields = [];
        foreach (static::FIELDS as $name => $_) {
            if (\array_key_exists($name, $present)) {
                $fields[$name] = self::plain($present[$name]);
            }
        }
        foreach ($this->otherFields as $name => $value) {
            $fields[$name] = self::plain($value);
        }
        return $fields;
    }

    /**
     * A field this version of the client does not declare (null when absent). A declared field
     * that the answer lacks reads as null when its type allows null; otherwise, and when the
     * answer holds a value of another type, reading the property throws, and `$object['field']`
     * gives the value as received.
     *
     * @example
     * $project->field_from_a_newer_server;
     */
    public function __get(string $name): mixed
    {
        if (!isset($this->unsetFields[$name])) {
            return $this->otherFields[$name] ?? null;
        }
        if (\array_key_exists($name, $this->otherFields)) {
            throw new Exception\UnexpectedValueException(sprintf(
                '%s::$%s holds a value of another type (%s) than this version of the client expects; read it as '
                . '$object[\'%s\'].',
                static::class,
                $name,
                get_debug_type($this->otherFields[$name]),
                $name,
            ));
        }
        if (self::takesNull(static::class, $name)) {
            return null;
        }
        throw new Exception\UnexpectedValueException(sprintf(
            '%s::$%s is absent; $object[\'%s\'] reads an absent field as null.',
            static::class,
            $name,
            $name,
        ));
    }

    /**
     * Sets a field (declared fields keep their type).
     *
     * @example
     * $project->note = 'kept with the object';
     */
    public function __set(string $name, mixed $value): void
    {
        if (isset($this->unsetFields[$name])) {
            $this->{$name} = $value;
            unset($this->unsetFields[$name], $this->otherFields[$name]);
            return;
        }
        $this->otherFields[$name] = $value;
    }

    /**
     * Whether a field read through `__get` holds a value other than null.
     *
     * @example
     * isset($project->field_from_a_newer_server);
     */
    public function __isset(string $name): bool
    {
        return isset($this->otherFields[$name]);
    }

    /**
     * Removes an undeclared field.
     *
     * @example
     * unset($project->note);
     */
    public function __unset(string $name): void
    {
        if (!isset($this->unsetFields[$name])) {
            unset($this->otherFields[$name]);
        }
    }

    /**
     * Whether the field is present and not null, as `isset($object['field'])`.
     *
     * @example
     * isset($project['webhook']);
     */
    public function offsetExists(mixed $offset): bool
    {
        return $this->offsetGet($offset) !== null;
    }

    /**
     * The field's value, as `$object['field']`; null when absent.
     *
     * @example
     * $project['public_api_key'];
     */
    public function offsetGet(mixed $offset): mixed
    {
        $name = (string) $offset;
        return \array_key_exists($name, static::FIELDS) && !isset($this->unsetFields[$name])
            ? $this->{$name}
            : ($this->otherFields[$name] ?? null);
    }

    /**
     * Sets a field, as `$object['field'] = $value`.
     *
     * @example
     * $params['name'] = 'Northwind';
     */
    public function offsetSet(mixed $offset, mixed $value): void
    {
        if ($offset === null) {
            throw new Exception\InvalidArgumentException('Fields have names: write $object[\'name\'] = $value.');
        }
        $name = (string) $offset;
        if (\array_key_exists($name, static::FIELDS)) {
            $this->{$name} = $value;
            unset($this->unsetFields[$name], $this->otherFields[$name]);
        } else {
            $this->otherFields[$name] = $value;
        }
    }

    /**
     * Removes a field, as `unset($object['field'])`; it then reads as null.
     *
     * @example
     * unset($params['language']);
     */
    public function offsetUnset(mixed $offset): void
    {
        $name = (string) $offset;
        if (\array_key_exists($name, static::FIELDS)) {
            unset($this->{$name});
            $this->unsetFields[$name] = true;
        }
        unset($this->otherFields[$name]);
    }

    /**
     * The number of fields present.
     *
     * @example
     * count($project);
     */
    public function count(): int
    {
        return \count($this->toArray());
    }

    /**
     * Walks the fields present, name => value (nested objects as objects).
     *
     * @example
     * foreach ($project as $name => $value) echo $name, "\n";
     *
     * @return \ArrayIterator<string, mixed>
     */
    public function getIterator(): \ArrayIterator
    {
        $present = \get_object_vars($this);
        $fields = [];
        foreach (static::FIELDS as $name => $_) {
            if (\array_key_exists($name, $present)) {
                $fields[$name] = $present[$name];
            }
        }
        return new \ArrayIterator($fields + $this->otherFields);
    }

    /**
     * The fields for `json_encode()`.
     *
     * @example
     * echo json_encode($project);
     *
     * @return array<string, mixed>
     */
    public function jsonSerialize(): array
    {
        return $this->toArray();
    }

    /**
     * @param class-string<RankquillObject>|array<int|string, class-string<RankquillObject>> $nested
     */
    private static function build(string|array $nested, mixed $value): mixed
    {
        if (!\is_array($value)) {
            return $value;
        }
        if (\is_string($nested)) {
            return new $nested($value);
        }
        $class = $nested[0] ?? $nested['*'];
        $items = [];
        foreach ($value as $key => $item) {
            $items[$key] = \is_array($item) ? new $class($item) : $item;
        }
        return $items;
    }

    private static function takesNull(string $class, string $name): bool
    {
        return self::$nullable["{$class}::{$name}"] ??=
            (new \ReflectionProperty($class, $name))->getType()?->allowsNull() ?? true;
    }

    private static function plain(mixed $value): mixed
    {
        if ($value instanceof self) {
            return $value->toArray();
        }
        if (\is_array($value)) {
            return \array_map([self::class, 'plain'], $value);
        }
        return $value;
    }
}
