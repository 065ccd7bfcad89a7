/**
 * apex's settings, one class for the CLI and the console: {@link dev.apex.config.ApexConfig} (the
 * effective values), {@link dev.apex.config.ConfigField} (every settable field: its JSON key,
 * environment variable, type and range), and {@link dev.apex.config.ApexConfigStore}, which reads
 * {@code $APEX_HOME/config.json} (else {@code ~/.apex/config.json}), lays the {@code APEX_*}
 * environment variables over it, and writes updates atomically. The Anthropic API key only ever
 * comes from {@code ANTHROPIC_API_KEY} and is never written, logged or shown: outside this package
 * it is "set" or "unset".
 */
package dev.apex.config;
