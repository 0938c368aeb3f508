# frozen_string_literal: true

require "test_helper"
require_relative "../support/vectors"

# signatures.json: every sign case gives the same header value, every verify case the same
# verdict and error type, every signing secret the same key or a refusal.
class SignatureVectorsTest < Minitest::Test
  VECTORS = Vectors.load("signatures.json")

  VECTORS.fetch("sign").each do |vector|
    define_method(Vectors.test_name("sign #{vector["name"]}")) do
      signature = Rankquill::Webhooks.sign(vector["signing_secret"], id: vector["id"], timestamp: vector["timestamp"],
                                                                     body: vector["body"])
      assert_equal vector["signature"], signature
    end
  end

  VECTORS.fetch("verify").each do |vector|
    define_method(Vectors.test_name("verify #{vector["name"]}")) do
      tolerance = vector.fetch("tolerance_seconds", VECTORS["tolerance_seconds"])
      verdict = begin
        Rankquill::Webhooks.verify_signature(vector["signing_secret"], headers: vector["headers"],
                                                                       body: vector["body"], tolerance: tolerance,
                                                                       now: Time.at(vector["now"]))
      rescue Rankquill::Webhooks::SignatureError => e
        e.error_type.to_s
      end
      assert_equal vector["valid"] ? true : vector["error_type"], verdict
    end
  end

  VECTORS.fetch("signing_secrets").each do |vector|
    define_method(Vectors.test_name("signing secret #{vector["name"]}")) do
      if vector["valid"]
        assert_equal vector["key_hex"], Rankquill::Webhooks.signing_key(vector["signing_secret"]).unpack1("H*")
        Rankquill::Webhooks::Receiver.new(secret: "s", signing_secret: vector["signing_secret"])
      else
        error = assert_raises(ArgumentError) do
          Rankquill::Webhooks::Receiver.new(secret: "s", signing_secret: vector["signing_secret"])
        end
        assert_match(/signing_secret must be "whsec_"/, error.message)
        refute_includes error.message, vector["signing_secret"].strip if vector["signing_secret"].strip.size > 6
      end
    end
  end
end
