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
require_relative "rankquill/generated/client_policy"
require_relative "rankquill/generated/operations"
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
require_relative "rankquill/resources/deliveries"
require_relative "rankquill/client"
require_relative "rankquill/public_articles"
require_relative "rankquill/webhooks/signature_error"
require_relative "rankquill/webhooks/signature"
require_relative "rankquill/webhooks/delivery"
require_relative "rankquill/generated/html_entities"
require_relative "rankquill/webhooks/html_entities"
require_relative "rankquill/webhooks/html_tokenizer"
require_relative "rankquill/webhooks/html_tree"
require_relative "rankquill/webhooks/html_sanitizer"
require_relative "rankquill/webhooks/replay_guard"
require_relative "rankquill/webhooks/article_store"
require_relative "rankquill/webhooks/memory_store"
require_relative "rankquill/webhooks/sqlite_store"
require_relative "rankquill/webhooks/article_validation"
require_relative "rankquill/webhooks/header_bag"
require_relative "rankquill/webhooks/receiver"
require_relative "rankquill/webhooks/article_page"
require_relative "rankquill/webhooks/article_pages"
require_relative "rankquill/webhooks/mount"

# The Rankquill client: the main API (Rankquill::Client), the public article API
# (Rankquill::PublicArticles) and a webhook receiver (Rankquill::Webhooks::Receiver, a Rack
# application). The sqlite3 gem is loaded only when a Rankquill::Webhooks::SqliteStore is made.
# @example
#   client = Rankquill::Client.new # RANKQUILL_API_KEY, RANKQUILL_BASE_URL
#   client.projects.list.each { |project| puts project.name }
#
# @!parse
#   # The API's models, generated from its OpenAPI document by scripts/models: answers, events
#   # and request bodies, each a Rankquill::BaseModel that answers methods and `[]`.
#   # @example
#   #   project = client.projects.retrieve("proj_123") # a Rankquill::Models::Project
#   #   project.public_api_key == project[:public_api_key] # => true
#   module Rankquill::Models; end
module Rankquill
end
