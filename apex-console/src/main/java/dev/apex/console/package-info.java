/**
 * The web console: {@link dev.apex.console.ConsoleServer} serves a status API, a tasks API, a
 * config API, a server-sent event stream and a plain HTML/CSS/JS UI over the same timeline the CLI
 * writes, on Jetty ({@link dev.apex.console.JettyServer} holds its limits). Tasks started from the
 * UI run in the console's process through an injected {@link dev.apex.console.TaskLauncher}.
 *
 * <p>Security: it binds loopback unless told {@code allowRemote}; every API call needs the token
 * (random at each start, or {@code APEX_CONSOLE_TOKEN}), as {@code Authorization: Bearer} or the
 * HttpOnly, SameSite=Strict cookie the UI gets for it; a foreign {@code Origin} or a {@code Host}
 * that is neither the bound address nor localhost is refused (DNS rebinding); no response and no
 * log line carries the API key or the token.
 */
package dev.apex.console;
