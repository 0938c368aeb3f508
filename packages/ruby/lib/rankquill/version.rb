# frozen_string_literal: true

module Rankquill
  VERSION = "0.1.0"
end
