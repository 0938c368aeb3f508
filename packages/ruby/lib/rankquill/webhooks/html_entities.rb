# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Every named character reference of HTML (without its `;`), with its characters: the WHATWG
    # table of packages/contract/vectors/html-entities.json, generated, since Ruby's standard
    # library has none.
    HTML_ENTITIES = Generated::HTML_ENTITIES
    # The names HTML decodes without a trailing `;` too (`&amp`, `&copy`, `&not` in `&notit`).
    LEGACY_HTML_ENTITIES = Generated::LEGACY_HTML_ENTITIES

    # Numeric references to C1 controls that HTML reads as Windows-1252 (`&#128;` is "€").
    WINDOWS_1252 = {
      0x80 => 0x20AC, 0x82 => 0x201A, 0x83 => 0x192, 0x84 => 0x201E, 0x85 => 0x2026, 0x86 => 0x2020,
      0x87 => 0x2021, 0x88 => 0x2C6, 0x89 => 0x2030, 0x8A => 0x160, 0x8B => 0x2039, 0x8C => 0x152, 0x8E => 0x17D,
      0x91 => 0x2018, 0x92 => 0x2019, 0x93 => 0x201C, 0x94 => 0x201D, 0x95 => 0x2022, 0x96 => 0x2013,
      0x97 => 0x2014, 0x98 => 0x2DC, 0x99 => 0x2122, 0x9A => 0x161, 0x9B => 0x203A, 0x9C => 0x153, 0x9E => 0x17E,
      0x9F => 0x178
    }.freeze

    # Decodes the character reference at an `&`, as HTML does.
    #
    # @api private
    module CharacterReference
      AMPERSAND = 0x26
      SEMICOLON = 0x3B
      EQUALS = 0x3D

      module_function

      # @param codepoints [Array<Integer>] the input
      # @param index [Integer] where its `&` is
      # @param attribute [Boolean] inside an attribute value, where a reference without `;`
      #   followed by a letter, a digit or `=` stays as written
      # @return [Array(String, Integer), nil] the text and how many codepoints it replaces, from the
      #   `&`; nil when the `&` starts no reference
      def decode(codepoints, index, attribute:)
        return numeric(codepoints, index + 2) if codepoints[index + 1] == 0x23

        named(codepoints, index + 1, attribute)
      end

      def numeric(codepoints, start)
        hex = [0x78, 0x58].include?(codepoints[start])
        position = hex ? start + 1 : start
        value = 0
        count = 0
        while (digit = digit_value(codepoints[position], hex))
          value = (value * (hex ? 16 : 10)) + digit
          position += 1
          count += 1
        end
        return nil if count.zero?

        position += 1 if codepoints[position] == SEMICOLON
        [character(value), position - start + 2]
      end

      def named(codepoints, start, attribute)
        finish = start
        finish += 1 while alphanumeric?(codepoints[finish])
        name = codepoints[start...finish].pack("U*")
        if codepoints[finish] == SEMICOLON && HTML_ENTITIES.key?(name)
          return [HTML_ENTITIES.fetch(name), finish - start + 2]
        end

        legacy = (name.length - 1).downto(1).map { |length| name[0, length] }.unshift(name)
                                  .find { |prefix| LEGACY_HTML_ENTITIES.key?(prefix) }
        return nil unless legacy

        after = codepoints[start + legacy.length]
        return nil if attribute && (after == EQUALS || alphanumeric?(after))

        [HTML_ENTITIES.fetch(legacy), legacy.length + 1]
      end

      def digit_value(code, hex)
        return nil if code.nil?
        return code - 0x30 if code.between?(0x30, 0x39)
        return nil unless hex

        lower = code | 0x20
        lower.between?(0x61, 0x66) ? lower - 0x61 + 10 : nil
      end

      def alphanumeric?(code)
        !code.nil? && (code.between?(0x30, 0x39) || code.between?(0x41, 0x5A) || code.between?(0x61, 0x7A))
      end

      def character(code)
        return "\uFFFD" if code.zero? || code > 0x10FFFF || (0xD800..0xDFFF).cover?(code)

        WINDOWS_1252.fetch(code, code).chr(Encoding::UTF_8)
      end
    end
  end
end
