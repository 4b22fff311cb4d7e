// The code of this target is generated from openapi.yaml (event-streams.yaml) by swift-openapi-generator.
