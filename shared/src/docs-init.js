// Renders the OpenAPI document of this server. validatorUrl: null keeps Swagger UI from sending the
// document to its public validator (it would, by default, for the badge).
window.ui = SwaggerUIBundle({ url: '/docs/json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true });
