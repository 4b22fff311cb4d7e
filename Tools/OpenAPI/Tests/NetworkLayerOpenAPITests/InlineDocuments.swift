import Foundation

@testable import NetworkLayerOpenAPI

/// Small documents written for these tests, and a way to generate from them.
enum InlineDocuments {
    /// `paths` and `components` (YAML, indented by two) inside a 3.1 document titled `Shop`.
    static func document(paths: String, components: String = "", version: String = "3.1.0") -> String {
        """
        openapi: \(version)
        info:
          title: Shop
          version: "1"
        servers:
          - url: https://shop.example/v1
          - url: https://{region}.shop.example
            variables:
              region:
                default: eu
        paths:
        \(paths)
        components:
        \(components.isEmpty ? "  {}" : components)
        """
    }

    /// The generated files for `text`.
    static func generate(_ text: String, options: GeneratorOptions = GeneratorOptions()) throws -> GeneratedFiles {
        try Generator.generate(Data(text.utf8), sourceName: "shop.yaml", options: options)
    }

    /// The one-line error `text` gives, or `nil` when it generates.
    static func error(_ text: String, options: GeneratorOptions = GeneratorOptions()) -> String? {
        do {
            _ = try Generator.generate(Data(text.utf8), sourceName: "shop.yaml", options: options)
            return nil
        } catch {
            return error.description
        }
    }

    /// Operations covering parameters, bodies and statuses.
    static let petPaths = """
              /pets:
                get:
                  operationId: list-pets
                  summary: Lists pets.
                  tags: [pets]
                  parameters:
                    - {name: limit, in: query, schema: {type: integer}}
                    - {name: kind, in: query, required: true, schema: {$ref: '#/components/schemas/Kind'}}
                    - {name: X-Trace-ID, in: header, schema: {type: string}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
                          example: [{id: 1, name: 'Rex "#1"'}]
                post:
                  operationId: createPet
                  tags: [admin]
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Pet'}
                  responses:
                    '201': {description: created}
              /pets/{petId}:
                parameters:
                  - {name: petId, in: path, required: true, schema: {type: integer, format: int64}}
                delete:
                  operationId: deletePet
                  responses:
                    '2XX': {description: gone}
                put:
                  operationId: renamePet
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [name]
                          properties:
                            name: {type: string}
                  responses:
                    '204': {description: renamed}
              /pets/{petId}/photo:
                put:
                  operationId: uploadPhoto
                  parameters:
                    - {name: petId, in: path, required: true, schema: {type: string}}
                  requestBody:
                    required: true
                    content:
                      image/png: {}
                  responses:
                    '204': {description: stored}
        """

    /// Schemas covering objects, enums, choices, dictionaries and dates.
    static let petComponents = """
              schemas:
                Kind:
                  type: string
                  enum: [cat, dog, public]
                Pet:
                  type: object
                  description: A pet.
                  required: [id, name]
                  properties:
                    id: {type: integer, format: int64}
                    name: {type: string, description: The pet's name.}
                    born: {type: string, format: date-time}
                    tags: {type: object, additionalProperties: {type: string}}
                    owner-name: {type: string}
                Animal:
                  oneOf:
                    - $ref: '#/components/schemas/Pet'
                    - type: string
                Labels:
                  type: object
                  properties:
                    kind: {type: string}
                  additionalProperties: {type: integer}
                Tree:
                  type: object
                  properties:
                    child: {$ref: '#/components/schemas/Tree'}
        """
}
