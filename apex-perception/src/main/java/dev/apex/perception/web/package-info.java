/**
 * The web page tree ({@link dev.apex.core.TreeFormat#WEB_JSON}) that the webdriver module's DOM
 * walk produces, turned into a {@link dev.apex.perception.tree.UiTree}.
 */
package dev.apex.perception.web;
