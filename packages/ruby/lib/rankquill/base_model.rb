# frozen_string_literal: true

module Rankquill
  # An object the API answered: every field is a method (`project.public_api_key`), readable with
  # `[]` by name (`project[:public_api_key]`), and `to_h` gives the fields as a Hash. Fields a
  # newer API adds are read the same way, through `[]` or as methods.
  #
  # @example
  #   project = client.projects.retrieve("proj_123")
  #   project.name               # => "Acme"
  #   project[:webhook]&.url     # => "https://acme.example/hooks/rankquill"
  #   project.to_h[:brand_names] # => ["Acme"]
  class BaseModel
    class << self
      # Declares a field: `json` is the JSON kind it holds (:string, :integer, :number, :boolean,
      # :array, :object or :any), `type` a model class name (or `[name]` for an array of models)
      # its value becomes.
      # @api private
      def field(name, json: :any, required: false, nullable: false, type: nil, reader: true)
        fields[name] = { json: json, required: required, nullable: nullable }.freeze
        conversions[name] = type if type
        return unless reader

        if type
          define_method(name) { self[name] }
        else
          define_method(name) { @values[name] }
        end
      end

      # @api private
      def conversions
        @conversions ||= {}
      end

      # The declared fields: name => {json:, required:, nullable:}.
      # @api private
      def fields
        @fields ||= {}
      end

      # Wraps parsed JSON (a Hash with Symbol keys) without copying it; anything else passes through.
      # @api private
      def wrap(value)
        value.is_a?(Hash) ? new(value) : value
      end
    end

    # @param values [Hash{Symbol => Object}] the parsed JSON object
    def initialize(values)
      @values = values
      @converted = nil
    end

    # The value of a field by name, nil when absent.
    # @param name [Symbol, String]
    # @example
    #   project[:public_api_key]
    def [](name)
      key = name.to_sym
      type = self.class.conversions[key]
      return @values[key] unless type

      @converted ||= {}
      return @converted[key] if @converted.key?(key)

      @converted[key] = convert(@values[key], type)
    end

    # Whether the answer holds this field.
    # @example
    #   item.key?(:published_url)
    def key?(name)
      @values.key?(name.to_sym)
    end

    # The names of the fields the answer holds.
    # @example
    #   client.projects.retrieve("proj_123").keys # => [:id, :name, :domain, ...]
    def keys
      @values.keys
    end

    # The fields as a Hash with Symbol keys, nested objects as Hashes too (a deep copy).
    # @example
    #   project.to_h # => {id: "proj_123", name: "Acme", ...}
    def to_h
      deep_copy(@values)
    end
    alias to_hash to_h

    # Two objects are equal when they hold the same fields and values.
    def ==(other)
      other.instance_of?(self.class) && other.to_h == to_h
    end
    alias eql? ==

    def hash
      [self.class, @values].hash
    end

    def inspect
      "#<#{self.class.name} #{@values.inspect}>"
    end
    alias to_s inspect

    # Fields the contract does not list yet (a newer API) answer as methods too.
    def method_missing(name, *args)
      return super unless args.empty? && @values.key?(name)

      @values[name]
    end

    def respond_to_missing?(name, include_private = false)
      @values.key?(name) || super
    end

    private

    def convert(value, type)
      case type
      when Array then value.is_a?(Array) ? value.map { |item| convert(item, type.first) } : value
      when String then Models.const_get(type, false).wrap(value)
      else value
      end
    end

    def deep_copy(value)
      case value
      when Hash then value.transform_values { |item| deep_copy(item) }
      when Array then value.map { |item| deep_copy(item) }
      when String then value.dup
      else value
      end
    end
  end
end
