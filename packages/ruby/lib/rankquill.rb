# frozen_string_literal: true

require "json"
require "net/http"
require "openssl"
require "securerandom"
require "time"
require "uri"
require "zlib"

require_relative "rankquill/version"
require_relative "rankquill/errors"
require_relative "rankquill/base_model"
require_relative "rankquill/models/index"
require_relative "rankquill/rate_limit"
require_relative "rankquill/api_response"
require_relative "rankquill/with_response"
require_relative "rankquill/page"
require_relative "rankquill/export_file"
require_relative "rankquill/internal/path"
require_relative "rankquill/internal/retry_policy"
require_relative "rankquill/internal/settings"
require_relative "rankquill/internal/error_from_response"
require_relative "rankquill/internal/connection_pool"
require_relative "rankquill/internal/file_sink"
require_relative "rankquill/internal/transport"
require_relative "rankquill/resources/api_resource"
require_relative "rankquill/resources/projects"
require_relative "rankquill/resources/content"
require_relative "rankquill/resources/keywords"
require_relative "rankquill/resources/ai_visibility"
require_relative "rankquill/resources/ai_visibility/topics"
require_relative "rankquill/resources/ai_visibility/prompts"
require_relative "rankquill/resources/ai_visibility/responses"
require_relative "rankquill/resources/exports"
require_relative "rankquill/resources/activity"
require_relative "rankquill/resources/webhooks"
require_relative "rankquill/client"
require_relative "rankquill/public_articles"

# The Rankquill client: the main API (Rankquill::Client), the public article API
# (Rankquill::PublicArticles) and a webhook receiver (Rankquill::Webhooks::Receiver, loaded with
# `require "rankquill/webhooks"`).
module Rankquill
end
