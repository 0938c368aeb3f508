# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Named character references the sanitizer decodes: the 252 of HTML 4 and HTML5's names for
    # ASCII characters (`&colon;`, `&Tab;`, `&NewLine;`, which URL tricks use). Ruby's standard
    # library has no HTML entity table; numeric references cover every other character.
    HTML_ENTITIES = {
      "AElig" => 0xC6, "AMP" => 0x26, "COPY" => 0xA9, "REG" => 0xAE, "Aacute" => 0xC1, "Acirc" => 0xC2,
      "Agrave" => 0xC0, "Alpha" => 0x391,
      "Aring" => 0xC5, "Atilde" => 0xC3, "Auml" => 0xC4, "Beta" => 0x392, "Ccedil" => 0xC7, "Chi" => 0x3A7,
      "Dagger" => 0x2021, "Delta" => 0x394, "DiacriticalGrave" => 0x60, "ETH" => 0xD0, "Eacute" => 0xC9,
      "Ecirc" => 0xCA, "Egrave" => 0xC8, "Epsilon" => 0x395, "Eta" => 0x397, "Euml" => 0xCB, "GT" => 0x3E,
      "Gamma" => 0x393, "Hat" => 0x5E, "Iacute" => 0xCD, "Icirc" => 0xCE, "Igrave" => 0xCC, "Iota" => 0x399,
      "Iuml" => 0xCF, "Kappa" => 0x39A, "LT" => 0x3C, "Lambda" => 0x39B, "Mu" => 0x39C, "NewLine" => 0xA,
      "Ntilde" => 0xD1, "Nu" => 0x39D, "OElig" => 0x152, "Oacute" => 0xD3, "Ocirc" => 0xD4, "Ograve" => 0xD2,
      "Omega" => 0x3A9, "Omicron" => 0x39F, "Oslash" => 0xD8, "Otilde" => 0xD5, "Ouml" => 0xD6, "Phi" => 0x3A6,
      "Pi" => 0x3A0, "Prime" => 0x2033, "Psi" => 0x3A8, "QUOT" => 0x22, "Rho" => 0x3A1, "Scaron" => 0x160,
      "Sigma" => 0x3A3, "THORN" => 0xDE, "Tab" => 0x9, "Tau" => 0x3A4, "Theta" => 0x398, "Uacute" => 0xDA,
      "Ucirc" => 0xDB, "Ugrave" => 0xD9, "UnderBar" => 0x5F, "Upsilon" => 0x3A5, "Uuml" => 0xDC,
      "VerticalLine" => 0x7C, "Xi" => 0x39E, "Yacute" => 0xDD, "Yuml" => 0x178, "Zeta" => 0x396,
      "aacute" => 0xE1, "acirc" => 0xE2, "acute" => 0xB4, "aelig" => 0xE6, "agrave" => 0xE0,
      "alefsym" => 0x2135, "alpha" => 0x3B1, "amp" => 0x26, "and" => 0x2227, "ang" => 0x2220, "apos" => 0x27,
      "aring" => 0xE5, "ast" => 0x2A, "asymp" => 0x2248, "atilde" => 0xE3, "auml" => 0xE4, "bdquo" => 0x201E,
      "beta" => 0x3B2, "brvbar" => 0xA6, "bsol" => 0x5C, "bull" => 0x2022, "cap" => 0x2229, "ccedil" => 0xE7,
      "cedil" => 0xB8, "cent" => 0xA2, "chi" => 0x3C7, "circ" => 0x2C6, "clubs" => 0x2663, "colon" => 0x3A,
      "comma" => 0x2C, "commat" => 0x40, "cong" => 0x2245, "copy" => 0xA9, "crarr" => 0x21B5, "cup" => 0x222A,
      "curren" => 0xA4, "dArr" => 0x21D3, "dagger" => 0x2020, "darr" => 0x2193, "deg" => 0xB0, "delta" => 0x3B4,
      "diams" => 0x2666, "divide" => 0xF7, "dollar" => 0x24, "eacute" => 0xE9, "ecirc" => 0xEA,
      "egrave" => 0xE8, "empty" => 0x2205, "emsp" => 0x2003, "ensp" => 0x2002, "epsilon" => 0x3B5,
      "equals" => 0x3D, "equiv" => 0x2261, "eta" => 0x3B7, "eth" => 0xF0, "euml" => 0xEB, "euro" => 0x20AC,
      "excl" => 0x21, "exist" => 0x2203, "fnof" => 0x192, "forall" => 0x2200, "frac12" => 0xBD,
      "frac14" => 0xBC, "frac34" => 0xBE, "frasl" => 0x2044, "gamma" => 0x3B3, "ge" => 0x2265, "grave" => 0x60,
      "gt" => 0x3E, "hArr" => 0x21D4, "harr" => 0x2194, "hearts" => 0x2665, "hellip" => 0x2026,
      "iacute" => 0xED, "icirc" => 0xEE, "iexcl" => 0xA1, "igrave" => 0xEC, "image" => 0x2111,
      "infin" => 0x221E, "int" => 0x222B, "iota" => 0x3B9, "iquest" => 0xBF, "isin" => 0x2208, "iuml" => 0xEF,
      "kappa" => 0x3BA, "lArr" => 0x21D0, "lambda" => 0x3BB, "lang" => 0x2329, "laquo" => 0xAB,
      "larr" => 0x2190, "lbrace" => 0x7B, "lbrack" => 0x5B, "lceil" => 0x2308, "lcub" => 0x7B,
      "ldquo" => 0x201C, "le" => 0x2264, "lfloor" => 0x230A, "lowast" => 0x2217, "lowbar" => 0x5F,
      "loz" => 0x25CA, "lpar" => 0x28, "lrm" => 0x200E, "lsaquo" => 0x2039, "lsqb" => 0x5B, "lsquo" => 0x2018,
      "lt" => 0x3C, "macr" => 0xAF, "mdash" => 0x2014, "micro" => 0xB5, "midast" => 0x2A, "middot" => 0xB7,
      "minus" => 0x2212, "mu" => 0x3BC, "nabla" => 0x2207, "nbsp" => 0xA0, "ndash" => 0x2013, "ne" => 0x2260,
      "ni" => 0x220B, "not" => 0xAC, "notin" => 0x2209, "nsub" => 0x2284, "ntilde" => 0xF1, "nu" => 0x3BD,
      "num" => 0x23, "oacute" => 0xF3, "ocirc" => 0xF4, "oelig" => 0x153, "ograve" => 0xF2, "oline" => 0x203E,
      "omega" => 0x3C9, "omicron" => 0x3BF, "oplus" => 0x2295, "or" => 0x2228, "ordf" => 0xAA, "ordm" => 0xBA,
      "oslash" => 0xF8, "otilde" => 0xF5, "otimes" => 0x2297, "ouml" => 0xF6, "para" => 0xB6, "part" => 0x2202,
      "percnt" => 0x25, "period" => 0x2E, "permil" => 0x2030, "perp" => 0x22A5, "phi" => 0x3C6, "pi" => 0x3C0,
      "piv" => 0x3D6, "plus" => 0x2B, "plusmn" => 0xB1, "pound" => 0xA3, "prime" => 0x2032, "prod" => 0x220F,
      "prop" => 0x221D, "psi" => 0x3C8, "quest" => 0x3F, "quot" => 0x22, "rArr" => 0x21D2, "radic" => 0x221A,
      "rang" => 0x232A, "raquo" => 0xBB, "rarr" => 0x2192, "rbrace" => 0x7D, "rbrack" => 0x5D,
      "rceil" => 0x2309, "rcub" => 0x7D, "rdquo" => 0x201D, "real" => 0x211C, "reg" => 0xAE, "rfloor" => 0x230B,
      "rho" => 0x3C1, "rlm" => 0x200F, "rpar" => 0x29, "rsaquo" => 0x203A, "rsqb" => 0x5D, "rsquo" => 0x2019,
      "sbquo" => 0x201A, "scaron" => 0x161, "sdot" => 0x22C5, "sect" => 0xA7, "semi" => 0x3B, "shy" => 0xAD,
      "sigma" => 0x3C3, "sigmaf" => 0x3C2, "sim" => 0x223C, "sol" => 0x2F, "spades" => 0x2660, "sub" => 0x2282,
      "sube" => 0x2286, "sum" => 0x2211, "sup" => 0x2283, "sup1" => 0xB9, "sup2" => 0xB2, "sup3" => 0xB3,
      "supe" => 0x2287, "szlig" => 0xDF, "tau" => 0x3C4, "there4" => 0x2234, "theta" => 0x3B8,
      "thetasym" => 0x3D1, "thinsp" => 0x2009, "thorn" => 0xFE, "tilde" => 0x2DC, "times" => 0xD7,
      "trade" => 0x2122, "uArr" => 0x21D1, "uacute" => 0xFA, "uarr" => 0x2191, "ucirc" => 0xFB,
      "ugrave" => 0xF9, "uml" => 0xA8, "upsih" => 0x3D2, "upsilon" => 0x3C5, "uuml" => 0xFC, "verbar" => 0x7C,
      "vert" => 0x7C, "weierp" => 0x2118, "xi" => 0x3BE, "yacute" => 0xFD, "yen" => 0xA5, "yuml" => 0xFF,
      "zeta" => 0x3B6, "zwj" => 0x200D, "zwnj" => 0x200C
    }.freeze

    # The names HTML decodes without a trailing `;` (`&amp`, `&copy`, `&not` in `&notit`).
    LEGACY_HTML_ENTITIES = %w[
      AElig AMP Aacute Acirc Agrave Aring Atilde Auml COPY Ccedil ETH Eacute Ecirc Egrave Euml GT Iacute Icirc
      Igrave Iuml LT Ntilde Oacute Ocirc Ograve Oslash Otilde Ouml QUOT REG THORN Uacute Ucirc Ugrave Uuml Yacute
      aacute acirc acute aelig agrave amp aring atilde auml brvbar ccedil cedil cent copy curren deg divide eacute
      ecirc egrave eth euml frac12 frac14 frac34 gt iacute icirc iexcl igrave iquest iuml laquo lt macr micro
      middot nbsp not ntilde oacute ocirc ograve ordf ordm oslash otilde ouml para plusmn pound quot raquo reg sect
      shy sup1 sup2 sup3 szlig thorn times uacute ucirc ugrave uml uuml yacute yen yuml
    ].to_h { |name| [name, true] }.freeze

    # Numeric references to C1 controls that HTML reads as Windows-1252 (`&#128;` is "€").
    WINDOWS_1252 = {
      0x80 => 0x20AC, 0x82 => 0x201A, 0x83 => 0x192, 0x84 => 0x201E, 0x85 => 0x2026, 0x86 => 0x2020,
      0x87 => 0x2021, 0x88 => 0x2C6, 0x89 => 0x2030, 0x8A => 0x160, 0x8B => 0x2039, 0x8C => 0x152, 0x8E => 0x17D,
      0x91 => 0x2018, 0x92 => 0x2019, 0x93 => 0x201C, 0x94 => 0x201D, 0x95 => 0x2022, 0x96 => 0x2013,
      0x97 => 0x2014, 0x98 => 0x2DC, 0x99 => 0x2122, 0x9A => 0x161, 0x9B => 0x203A, 0x9C => 0x153, 0x9E => 0x17E,
      0x9F => 0x178
    }.freeze

    # Decodes the character reference at an `&`, as HTML does.
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
          return [HTML_ENTITIES.fetch(name).chr(Encoding::UTF_8), finish - start + 2]
        end

        legacy = (name.length - 1).downto(1).map { |length| name[0, length] }.unshift(name)
                                  .find { |prefix| LEGACY_HTML_ENTITIES.key?(prefix) }
        return nil unless legacy

        after = codepoints[start + legacy.length]
        return nil if attribute && (after == EQUALS || alphanumeric?(after))

        [HTML_ENTITIES.fetch(legacy).chr(Encoding::UTF_8), legacy.length + 1]
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
