// The code of this target is generated from openapi.yaml by swift-openapi-generator.
