# frozen_string_literal: true

module Rankquill
  module Resources
    # Projects: one site each, with its content, keywords, AI visibility and webhook.
    # @example
    #   project = client.projects.create(name: "Northwind Coffee", domain: "northwind.example")
    class Projects < APIResource
      # Creates a project.
      # @param brand_names [Array<String>, nil] names that count as a mention (default: [name])
      # @return [Models::Project]
      # @example
      #   project = client.projects.create(name: "Acme", domain: "acme.example")
      #   project.public_api_key # => "rqp_..."
      def create(name:, domain:, language: nil, brand_names: nil, request_options: nil)
        body = compact(name: name, domain: domain, language: language, brand_names: brand_names)
        call("projects.create", [], Models::Project, body: body, request_options: request_options)
      end

      # Gets a project.
      # @return [Models::Project]
      # @example
      #   client.projects.retrieve("proj_123").domain # => "acme.example"
      def retrieve(id, request_options: nil)
        call("projects.retrieve", [id], Models::Project, request_options: request_options)
      end

      # Changes a project; fields left out keep their value. `webhook: {url:, secret:}` sets the
      # webhook, `webhook: nil` removes it.
      # @return [Models::Project]
      # @example
      #   client.projects.update("proj_123", name: "Acme Coffee",
      #                          webhook: { url: "https://acme.example/hooks/rankquill", secret: "s3cret" })
      def update(id, request_options: nil, **params)
        call("projects.update", [id], Models::Project, body: params, request_options: request_options)
      end

      # Lists the account's projects, newest first.
      # @return [Page<Models::Project>]
      # @example
      #   client.projects.list(limit: 20).auto_paging_each { |project| puts project.name }
      def list(limit: nil, offset: nil, request_options: nil)
        page("projects.list", [], Models::Project, compact(limit: limit, offset: offset), request_options)
      end

      # Deletes a project with its content and scheduled work.
      # @return [Models::Deleted]
      # @example
      #   client.projects.delete("proj_123").deleted # => true
      def delete(id, request_options: nil)
        call("projects.delete", [id], Models::Deleted, request_options: request_options)
      end

      # Replaces the project's public article API key; the old key stops working at once.
      # @return [Models::PublicApiKeyRotation]
      # @example
      #   client.projects.rotate_public_api_key("proj_123").public_api_key # => "rqp_..."
      def rotate_public_api_key(id, request_options: nil)
        call("projects.rotatePublicApiKey", [id], Models::PublicApiKeyRotation,
             request_options: request_options)
      end
    end
  end
end
