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

    # Decodes character references as HTML does, in text or in an attribute value.
    #
    # @api private
    module CharacterReference
      # A reference, and the character after it when that is a letter, a digit or `=`.
      REFERENCE = /&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)(?=([A-Za-z0-9=])?)/
      ALPHANUMERIC_OR_EQUALS = /\A[A-Za-z0-9=]/

      module_function

      # @param text [String] text or an attribute value, as written
      # @param attribute [Boolean] inside an attribute value, where a reference without `;`
      #   followed by a letter, a digit or `=` stays as written
      # @return [String] the text with its references decoded: legacy names (`&amp`, `&copy`,
      #   `&not` in `&notit`) without `;` too, others only with it
      def decode(text, attribute:)
        return text unless text.include?("&")

        text.gsub(REFERENCE) do
          match = Regexp.last_match
          reference = match[1]
          reference.start_with?("#") ? numeric(reference) : named(reference, match, attribute)
        end
      end

      def named(reference, match, attribute)
        complete = reference.end_with?(";") || LEGACY_HTML_ENTITIES.key?(reference)
        if complete && HTML_ENTITIES.key?(reference.delete_suffix(";"))
          return match[0] if attribute && !reference.end_with?(";") && match[2]

          return HTML_ENTITIES.fetch(reference.delete_suffix(";"))
        end
        (reference.length - 1).downto(2) do |size|
          prefix = reference[0, size]
          next unless LEGACY_HTML_ENTITIES.key?(prefix)
          return match[0] if attribute && blocks?(reference[size])

          return HTML_ENTITIES.fetch(prefix) + reference[size..]
        end
        match[0]
      end

      def numeric(reference)
        hex = reference[1] == "x" || reference[1] == "X"
        digits = reference[(hex ? 2 : 1)..].delete_suffix(";").sub(/\A0+/, "")
        return "\uFFFD" if digits.length > 8

        character(if digits.empty?
                    0
                  else
                    digits.to_i(hex ? 16 : 10)
                  end)
      end

      def blocks?(following) = !following.nil? && ALPHANUMERIC_OR_EQUALS.match?(following)

      def character(code)
        return "\uFFFD" if code.zero? || code > 0x10FFFF || (0xD800..0xDFFF).cover?(code)

        WINDOWS_1252.fetch(code, code).chr(Encoding::UTF_8)
      end
    end
  end
end
