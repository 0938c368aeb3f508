# frozen_string_literal: true

module Rankquill
  # Receiving Rankquill webhooks: the signature helpers, and the Receiver (a Rack application).
  # @example
  #   receiver = Rankquill::Webhooks::Receiver.new(secret: ENV.fetch("RANKQUILL_WEBHOOK_SECRET"))
  #   map("/webhooks/rankquill") { run receiver } # config.ru
  module Webhooks
    # Seconds a signature's timestamp may lie before or after the receiver's clock.
    DEFAULT_TOLERANCE = 300
    SIGNING_SECRET_PREFIX = "whsec_"
    KEY_BYTES = (24..64)

    module_function

    # The `webhook-signature` value of a delivery, as the service computes it (Standard Webhooks):
    # "v1," + base64 HMAC-SHA256 of "<id>.<timestamp>.<body>", keyed by the base64-decoded bytes
    # of the signing secret after "whsec_".
    # @example
    #   Rankquill::Webhooks.sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", id: "dlv_1", timestamp: 1767259800,
    #                            body: '{"title":"Hi"}') # => "v1,..."
    def sign(signing_secret, id:, timestamp:, body:)
      digest = OpenSSL::HMAC.digest("SHA256", signing_key(signing_secret), "#{id}.#{timestamp}.#{body.to_s.b}".b)
      "v1,#{[digest].pack("m0")}"
    end

    # Checks a delivery's `webhook-id`, `webhook-timestamp` and `webhook-signature` against the
    # raw body: true, or raises SignatureError (see its error_type). Any of several space-separated
    # `v1,` signatures may match (during a rotation the service sends two); comparison is in
    # constant time.
    # @param headers [Hash, #env] the request headers in any form HeaderBag reads
    # @param now [Time] the receiver's clock
    # @example
    #   Rankquill::Webhooks.verify_signature(ENV.fetch("RANKQUILL_SIGNING_SECRET"), headers: headers, body: raw_body)
    def verify_signature(signing_secret, headers:, body:, tolerance: DEFAULT_TOLERANCE, now: Time.now)
      key = signing_key(signing_secret)
      values = HeaderBag.normalize(headers)
      id, timestamp, signatures = values.values_at("webhook-id", "webhook-timestamp", "webhook-signature")
      missing = { "webhook-id" => id, "webhook-timestamp" => timestamp, "webhook-signature" => signatures }
                .select { |_, value| value.nil? || value.empty? }.keys
      unless missing.empty?
        raise SignatureError.new(:missing_header, "Missing #{missing.join(", ")} header#{"s" if missing.size > 1}: " \
                                                  "a delivery signed with the signing secret carries webhook-id, " \
                                                  "webhook-timestamp and webhook-signature.")
      end

      check_timestamp(timestamp, tolerance, now)
      expected = [OpenSSL::HMAC.digest("SHA256", key, "#{id}.#{timestamp}.#{body.to_s.b}".b)].pack("m0")
      matched = signatures.split.any? do |entry|
        version, signature = entry.split(",", 2)
        version == "v1" && signature && OpenSSL.secure_compare(expected, signature)
      end
      unless matched
        raise SignatureError.new(:signature_mismatch,
                                 "Invalid webhook-signature: no v1 signature matches the HMAC-SHA256 of " \
                                 "\"<webhook-id>.<webhook-timestamp>.<raw body>\" keyed with the signing secret. " \
                                 "Check the signing secret, and that the body reaches the check unchanged.")
      end

      true
    end

    # The HMAC key of a signing secret: the base64-decoded bytes after "whsec_", 24 to 64 of them.
    # @api private
    def signing_key(signing_secret)
      text = signing_secret.to_s
      key = strict_base64(text.delete_prefix(SIGNING_SECRET_PREFIX)) if text.start_with?(SIGNING_SECRET_PREFIX)
      return key if key && KEY_BYTES.cover?(key.bytesize)

      raise ArgumentError, "signing_secret must be \"whsec_\" followed by the base64 of 24 to 64 bytes, as the " \
                           "service shows it (the project's webhook.signing_secret), not the x-service-key secret."
    end

    # @api private
    def strict_base64(text)
      text.unpack1("m0")
    rescue ArgumentError
      nil
    end

    # @api private
    def check_timestamp(timestamp, tolerance, now)
      unless timestamp.match?(/\A\d+\z/)
        raise SignatureError.new(:invalid_timestamp,
                                 "webhook-timestamp #{timestamp.inspect} is not whole Unix seconds.")
      end

      offset = Integer(timestamp, 10) - now.to_i
      return if offset.abs <= tolerance

      message = if offset.negative?
                  "webhook-timestamp #{timestamp} is #{-offset} seconds behind the receiver's clock; deliveries " \
                    "older than #{tolerance} seconds are rejected as replays. Check the receiver's clock."
                else
                  "webhook-timestamp #{timestamp} is #{offset} seconds ahead of the receiver's clock; the " \
                    "tolerance is #{tolerance} seconds. Check the receiver's clock."
                end
      raise SignatureError.new(:timestamp_outside_tolerance, message)
    end
  end
end
